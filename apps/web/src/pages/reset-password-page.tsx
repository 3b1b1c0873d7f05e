import { PASSWORD_MESSAGES, passwordProblem } from '@toolshed/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../lib/router/index.ts';
import { resetPassword } from '../features/auth/api/auth-requests.ts';
import { errorReason } from '../lib/api-error.ts';
import { authErrorMessage } from '../features/auth/auth-messages.ts';
import { useAuth } from '../data/auth-provider.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { fieldA11y, FormAlert, FormField, FormSuccess, linkClass, PasswordInput, primaryButtonClass } from '../ui/form-parts.tsx';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Please sign in.';

/** /reset-password?token=...: the page the reset email links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { refresh } = useAuth();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [error, setError] = useState<{ message: string; askAgain: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

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

  // Every failure is caught and shown in the form, so the submit event starts this and need not wait for it.
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const rule = password ? passwordProblem(password) : null;
    const found = !password ? 'Please enter a new password.' : rule ? PASSWORD_MESSAGES[rule] : undefined;
    setProblem(found);
    if (found) {
      document.getElementById('new-password')?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await resetPassword(token!, password);
      setDone(true);
      setPassword('');
      // Every session of the account has ended, this browser's included.
      await refresh();
    } catch (err) {
      setError({ message: authErrorMessage(err), askAgain: errorReason(err) === 'INVALID_TOKEN' });
    } finally {
      setSubmitting(false);
    }
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
      {!done && (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label="Choose a new password">
          {error && (
            <FormAlert>
              <p>{error.message}</p>
              {error.askAgain && (
                <p className="mt-2">
                  <Link to="/forgot-password" className={linkClass}>
                    Ask for a new reset link
                  </Link>
                </p>
              )}
            </FormAlert>
          )}
          <FormField id="new-password" label="New password" problem={problem} hint="At least 8 characters, not a common password.">
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              {...fieldA11y('new-password', problem, true)}
            />
          </FormField>
          <button type="submit" disabled={submitting} className={`w-full ${primaryButtonClass}`}>
            Change password
          </button>
        </form>
      )}
    </AuthCard>
  );
}
