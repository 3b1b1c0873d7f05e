import { PASSWORD_MESSAGES, passwordProblem } from '@toolshed/core';
import { useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { signInWithEmail, signUpWithEmail } from '../api/auth-requests.ts';
import { errorReason } from '../../../lib/api-error.ts';
import { emailProblem } from '@toolshed/core';
import { authErrorMessage } from '../auth-messages.ts';
import { useAuth } from '../../../data/auth-provider.tsx';
import {
  fieldA11y,
  FormAlert,
  FormField,
  FormSuccess,
  inputClass,
  linkClass,
  PasswordInput,
  primaryButtonClass,
} from '../../../ui/form-parts.tsx';

export type LoginMode = 'signin' | 'signup';

export const CHECK_EMAIL_MESSAGE = 'Please check your email to confirm your account before signing in.';

type Field = 'name' | 'email' | 'password';
type Problems = Partial<Record<Field, string>>;

interface Props {
  mode: LoginMode;
  onModeChange(mode: LoginMode): void;
  /** Where to return after signing in; also where the confirmation link leads after sign-up. */
  from: string;
  /** Accounts need the server: in Mock Data mode the form is shown but cannot be sent. */
  unavailable: boolean;
}

/** One form for both modes; the page redirects once the session arrives after a sign-in. */
export function LoginForm({ mode, onModeChange, from, unavailable }: Props) {
  const { refresh } = useAuth();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [passwordChecked, setPasswordChecked] = useState(false);
  const [error, setError] = useState<{ message: string; offerSignIn: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const signingUp = mode === 'signup';

  // Sign-up checks the password rules as the user types, once the field has been left or submitted,
  // so the message goes away as soon as the password is acceptable.
  const live = signingUp && password && (passwordChecked || problems.password) ? passwordProblem(password, email) : undefined;
  const passwordMessage = live === undefined ? problems.password : live ? PASSWORD_MESSAGES[live] : undefined;

  function switchMode(next: LoginMode) {
    setError(null);
    setNotice(null);
    setProblems({});
    setPasswordChecked(false);
    onModeChange(next);
  }

  function validate(): Problems {
    const found: Problems = {};
    if (signingUp && !name.trim()) found.name = 'Please enter your full name.';
    else if (signingUp && name.trim().length > 100) found.name = 'Your name must be at most 100 characters.';
    const emailIssue = emailProblem(email);
    if (emailIssue) found.email = emailIssue;
    if (!password) found.password = 'Please enter your password.';
    else if (signingUp) {
      const problem = passwordProblem(password, email);
      if (problem) found.password = PASSWORD_MESSAGES[problem];
    }
    return found;
  }

  // Every failure is caught and shown in the form, so the submit event starts this and need not wait for it.
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setProblems(found);
    const first = (['name', 'email', 'password'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`auth-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    setNotice(null);
    try {
      if (signingUp) {
        await signUpWithEmail({ name: name.trim(), email: email.trim(), password, callbackURL: from });
        setPassword('');
        switchMode('signin');
        setNotice(CHECK_EMAIL_MESSAGE);
      } else {
        await signInWithEmail(email.trim(), password, from);
        await refresh();
      }
    } catch (err) {
      setError({ message: authErrorMessage(err), offerSignIn: errorReason(err) === 'USER_ALREADY_EXISTS' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={signingUp ? 'Sign up' : 'Sign in'}>
      {/* The live region is always there (so it is announced) but takes no space while empty. */}
      <div role="status">{notice && <FormSuccess className="mb-4">{notice}</FormSuccess>}</div>
      <div className="space-y-4">
        {error && (
          <FormAlert>
            <p>{error.message}</p>
            {error.offerSignIn && (
              <button type="button" onClick={() => switchMode('signin')} className={`mt-2 ${linkClass}`}>
                Click here to sign in instead
              </button>
            )}
          </FormAlert>
        )}
        <fieldset disabled={unavailable} className="space-y-4">
          {signingUp && (
            <FormField id="auth-name" label="Full name" problem={problems.name}>
              <input
                id="auth-name"
                type="text"
                autoComplete="name"
                required
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
                className={inputClass}
                {...fieldA11y('auth-name', problems.name)}
              />
            </FormField>
          )}
          <FormField id="auth-email" label="Email" problem={problems.email}>
            <input
              id="auth-email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={inputClass}
              {...fieldA11y('auth-email', problems.email)}
            />
          </FormField>
          <FormField
            id="auth-password"
            label="Password"
            problem={passwordMessage}
            hint={signingUp ? 'At least 8 characters, not a common password.' : undefined}
          >
            <PasswordInput
              id="auth-password"
              autoComplete={signingUp ? 'new-password' : 'current-password'}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setPasswordChecked(true)}
              {...fieldA11y('auth-password', passwordMessage, signingUp)}
            />
          </FormField>
          {!signingUp && (
            <p className="text-sm">
              <Link to="/forgot-password" className={linkClass}>
                Forgot your password?
              </Link>
            </p>
          )}
          <button type="submit" disabled={submitting || unavailable} className={`w-full ${primaryButtonClass}`}>
            {signingUp ? 'Sign Up' : 'Sign In'}
          </button>
        </fieldset>
        <p className="text-center text-sm">
          <button type="button" onClick={() => switchMode(signingUp ? 'signin' : 'signup')} className={linkClass}>
            {signingUp ? 'Already have an account? Sign in' : "Don't have an account? Sign up"}
          </button>
        </p>
      </div>
    </form>
  );
}
