import { useState } from 'react';
import { useCheckedForm } from '../ui/use-checked-form.ts';
import { Link } from '../lib/router/index.ts';
import { useDataSource } from '../data/data-source.tsx';
import { requestPasswordReset } from '../features/auth/api/auth-requests.ts';
import { emailProblem } from '@toolshed/core';
import { authErrorMessage } from '../features/auth/auth-messages.ts';
import { AccountsNeedServer, AuthCard } from '../features/auth/components/auth-card.tsx';
import { FormAlert, FormField, FormSuccess, inputClass, linkClass, primaryButtonClass } from '../ui/form-parts.tsx';

export const RESET_SENT_MESSAGE = 'If an account exists for that email, we have sent a link to reset your password.';

export function ForgotPasswordPage() {
  const { mode } = useDataSource();
  const form = useCheckedForm<{ email: string }>({
    defaultValues: { email: '' },
    check: ({ email }) => ({ email: emailProblem(email) }),
    idPrefix: 'reset',
  });
  const [sent, setSent] = useState(false);

  const onSubmit = form.submit(({ email }) =>
    requestPasswordReset(email.trim()).then(
      () => setSent(true),
      (error: unknown) => form.setFailure(authErrorMessage(error)),
    ),
  );

  return (
    <AuthCard title="Reset your password" intro="Enter the email of your account and we will send you a link to choose a new password.">
      {mode === 'mock' && <AccountsNeedServer />}
      <form noValidate onSubmit={onSubmit} aria-label="Reset your password">
        <div role="status">{sent && <FormSuccess className="mb-4">{RESET_SENT_MESSAGE}</FormSuccess>}</div>
        {form.failure && (
          <div className="mb-4">
            <FormAlert>{form.failure}</FormAlert>
          </div>
        )}
        <fieldset disabled={mode === 'mock'} className="space-y-4">
          <FormField id="reset-email" label="Email" problem={form.problem('email')}>
            <input type="email" autoComplete="email" required className={inputClass} {...form.field('email')} />
          </FormField>
          <button type="submit" disabled={form.formState.isSubmitting} className={`w-full ${primaryButtonClass}`}>
            Send reset link
          </button>
        </fieldset>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
