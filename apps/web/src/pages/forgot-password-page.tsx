import { useState, type FormEvent } from 'react';
import { Link } from '../lib/router/index.ts';
import { useDataSource } from '../data/data-source.tsx';
import { requestPasswordReset } from '../features/auth/api/auth-requests.ts';
import { emailProblem } from '@toolshed/core';
import { authErrorMessage } from '../features/auth/auth-messages.ts';
import { AccountsNeedServer, AuthCard } from '../features/auth/components/auth-card.tsx';
import { fieldA11y, FormAlert, FormField, FormSuccess, inputClass, linkClass, primaryButtonClass } from '../ui/form-parts.tsx';

export const RESET_SENT_MESSAGE = 'If an account exists for that email, we have sent a link to reset your password.';

export function ForgotPasswordPage() {
  const { mode } = useDataSource();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  // Every failure is caught and shown in the form, so the submit event starts this and need not wait for it.
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) {
      document.getElementById('reset-email')?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Reset your password" intro="Enter the email of your account and we will send you a link to choose a new password.">
      {mode === 'mock' && <AccountsNeedServer />}
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Reset your password">
        <div role="status">{sent && <FormSuccess className="mb-4">{RESET_SENT_MESSAGE}</FormSuccess>}</div>
        {error && (
          <div className="mb-4">
            <FormAlert>{error}</FormAlert>
          </div>
        )}
        <fieldset disabled={mode === 'mock'} className="space-y-4">
          <FormField id="reset-email" label="Email" problem={problem}>
            <input
              id="reset-email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={inputClass}
              {...fieldA11y('reset-email', problem)}
            />
          </FormField>
          <button type="submit" disabled={submitting} className={`w-full ${primaryButtonClass}`}>
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
