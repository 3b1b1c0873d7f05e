import { PASSWORD_MESSAGES, passwordProblem } from '@toolshed/core';
import { useState } from 'react';
import { useCheckedForm } from '../ui/use-checked-form.ts';
import { Link, useSearchParams } from '../lib/router/index.ts';
import { resetPassword } from '../features/auth/api/auth-requests.ts';
import { errorReason } from '../lib/api-error.ts';
import { authErrorMessage } from '../features/auth/auth-messages.ts';
import { useAuth } from '../data/auth-provider.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { FormAlert, FormField, FormSuccess, linkClass, PasswordInput, primaryButtonClass } from '../ui/form-parts.tsx';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Please sign in.';

/** /reset-password?token=...: the page the reset email links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <p className="text-slate-700">This reset link is incomplete. Please ask for a new one.</p>
        <p className="mt-4">
          <Link to="/forgot-password" className={linkClass}>
            Ask for a new reset link
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <div role="status">
        {done && (
          <FormSuccess>
            <p>{PASSWORD_CHANGED_MESSAGE}</p>
            <p className="mt-2">
              <Link to="/login" className={linkClass}>
                Sign in
              </Link>
            </p>
          </FormSuccess>
        )}
      </div>
      {!done && <NewPasswordForm token={token} onDone={() => setDone(true)} />}
    </AuthCard>
  );
}

function newPasswordProblem(password: string): string | undefined {
  if (!password) return 'Please enter a new password.';
  const rule = passwordProblem(password);
  return rule ? PASSWORD_MESSAGES[rule] : undefined;
}

function NewPasswordForm({ token, onDone }: { token: string; onDone(): void }) {
  const { refresh } = useAuth();
  const [askAgain, setAskAgain] = useState(false);
  const form = useCheckedForm<{ password: string }>({
    defaultValues: { password: '' },
    check: ({ password }) => ({ password: newPasswordProblem(password) }),
    idPrefix: 'new',
    hinted: ['password'],
  });

  const onSubmit = form.submit(async ({ password }) => {
    setAskAgain(false);
    try {
      await resetPassword(token, password);
    } catch (error) {
      form.setFailure(authErrorMessage(error));
      setAskAgain(errorReason(error) === 'INVALID_TOKEN');
      return;
    }
    onDone();
    // Every session of the account has ended, this browser's included.
    await refresh();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Choose a new password">
      {form.failure && (
        <FormAlert>
          <p>{form.failure}</p>
          {askAgain && (
            <p className="mt-2">
              <Link to="/forgot-password" className={linkClass}>
                Ask for a new reset link
              </Link>
            </p>
          )}
        </FormAlert>
      )}
      <FormField
        id="new-password"
        label="New password"
        problem={form.problem('password')}
        hint="At least 8 characters, not a common password."
      >
        <PasswordInput autoComplete="new-password" required {...form.field('password')} />
      </FormField>
      <button type="submit" disabled={form.formState.isSubmitting} className={`w-full ${primaryButtonClass}`}>
        Change password
      </button>
    </form>
  );
}
