import { PASSWORD_MESSAGES, passwordProblem } from '@toolshed/core';
import { useState } from 'react';
import { useCheckedForm, type CheckedForm } from '../../../ui/use-checked-form.ts';
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
type Values = Record<Field, string>;

interface Props {
  mode: LoginMode;
  onModeChange(mode: LoginMode): void;
  /** Where to return after signing in; also where the confirmation link leads after sign-up. */
  from: string;
  /** Accounts need the server: in Mock Data mode the form is shown but cannot be sent. */
  unavailable: boolean;
}

/** What the form checks before sending, in the mode it is in. */
function loginProblems(values: Values, signingUp: boolean): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  const name = values.name.trim();
  if (signingUp && !name) found.name = 'Please enter your full name.';
  else if (signingUp && name.length > 100) found.name = 'Your name must be at most 100 characters.';
  found.email = emailProblem(values.email);
  if (!values.password) found.password = 'Please enter your password.';
  else if (signingUp) {
    const problem = passwordProblem(values.password, values.email);
    if (problem) found.password = PASSWORD_MESSAGES[problem];
  }
  return found;
}

/** The form's state and what sending it does, in the mode it is in. */
function useLoginForm({ mode, onModeChange, from }: Props) {
  const { refresh } = useAuth();
  const signingUp = mode === 'signup';
  const form = useCheckedForm<Values>({
    defaultValues: { name: '', email: '', password: '' },
    check: (values) => loginProblems(values, signingUp),
    idPrefix: 'auth',
    hinted: signingUp ? ['password'] : [],
  });
  const [passwordChecked, setPasswordChecked] = useState(false);
  const [offerSignIn, setOfferSignIn] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [password, email] = form.watch(['password', 'email']);
  const checkedPassword = form.problem('password');

  // Sign-up checks the password rules as the user types, once the field has been left or submitted,
  // so the message goes away as soon as the password is acceptable.
  const live = signingUp && password && (passwordChecked || checkedPassword) ? passwordProblem(password, email) : undefined;
  const passwordMessage = live === undefined ? checkedPassword : live ? PASSWORD_MESSAGES[live] : undefined;

  function switchMode(next: LoginMode) {
    form.setFailure(null);
    form.clearErrors();
    setNotice(null);
    setPasswordChecked(false);
    onModeChange(next);
  }

  const onSubmit = form.submit(async (values) => {
    setNotice(null);
    setOfferSignIn(false);
    try {
      if (signingUp) {
        await signUpWithEmail({ name: values.name.trim(), email: values.email.trim(), password: values.password, callbackURL: from });
        form.resetField('password');
        switchMode('signin');
        setNotice(CHECK_EMAIL_MESSAGE);
      } else {
        await signInWithEmail(values.email.trim(), values.password, from);
        await refresh();
      }
    } catch (err) {
      form.setFailure(authErrorMessage(err));
      setOfferSignIn(errorReason(err) === 'USER_ALREADY_EXISTS');
    }
  });
  return { form, signingUp, offerSignIn, notice, passwordMessage, switchMode, onSubmit, onPasswordLeft: () => setPasswordChecked(true) };
}

/** The password input: leaving it starts the live check of the sign-up rules. */
function PasswordField({
  form,
  signingUp,
  message,
  onLeft,
}: {
  form: CheckedForm<Values>;
  signingUp: boolean;
  message: string | undefined;
  onLeft(): void;
}) {
  const passwordField = form.field('password');
  return (
    <FormField
      id="auth-password"
      label="Password"
      problem={message}
      hint={signingUp ? 'At least 8 characters, not a common password.' : undefined}
    >
      <PasswordInput
        autoComplete={signingUp ? 'new-password' : 'current-password'}
        required
        {...passwordField}
        onBlur={(event) => {
          onLeft();
          void passwordField.onBlur(event);
        }}
        {...fieldA11y('auth-password', message, signingUp)}
      />
    </FormField>
  );
}

/** One form for both modes; the page redirects once the session arrives after a sign-in. */
export function LoginForm(props: Props) {
  const { unavailable } = props;
  const { form, signingUp, offerSignIn, notice, passwordMessage, switchMode, onSubmit, onPasswordLeft } = useLoginForm(props);
  return (
    <form noValidate onSubmit={onSubmit} aria-label={signingUp ? 'Sign up' : 'Sign in'}>
      {/* The live region is always there (so it is announced) but takes no space while empty. */}
      <div role="status">{notice && <FormSuccess className="mb-4">{notice}</FormSuccess>}</div>
      <div className="space-y-4">
        {form.failure && (
          <FormAlert>
            <p>{form.failure}</p>
            {offerSignIn && (
              <button type="button" onClick={() => switchMode('signin')} className={`mt-2 ${linkClass}`}>
                Click here to sign in instead
              </button>
            )}
          </FormAlert>
        )}
        <fieldset disabled={unavailable} className="space-y-4">
          {signingUp && (
            <FormField id="auth-name" label="Full name" problem={form.problem('name')}>
              <input type="text" autoComplete="name" required maxLength={100} className={inputClass} {...form.field('name')} />
            </FormField>
          )}
          <FormField id="auth-email" label="Email" problem={form.problem('email')}>
            <input type="email" autoComplete="email" required className={inputClass} {...form.field('email')} />
          </FormField>
          <PasswordField form={form} signingUp={signingUp} message={passwordMessage} onLeft={onPasswordLeft} />
          {!signingUp && (
            <p className="text-sm">
              <Link to="/forgot-password" className={linkClass}>
                Forgot your password?
              </Link>
            </p>
          )}
          <button type="submit" disabled={form.formState.isSubmitting || unavailable} className={`w-full ${primaryButtonClass}`}>
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
