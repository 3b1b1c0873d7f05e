import { requestJson } from '../../../lib/request-json.ts';

/** The account calls of the sign-in, sign-up, confirmation and password screens. */

/** `callbackURL`: where a confirmation link resent to an unconfirmed account returns to. */
export function signInWithEmail(email: string, password: string, callbackURL: string): Promise<unknown> {
  return requestJson('POST', '/api/auth/sign-in/email', { email, password, callbackURL });
}

/** `callbackURL` is the in-app path the confirmation link returns to after signing the user in. */
export function signUpWithEmail(input: { name: string; email: string; password: string; callbackURL: string }): Promise<unknown> {
  return requestJson('POST', '/api/auth/sign-up/email', input);
}

/** Confirms the email and, on success, sets the session cookie. */
export function verifyEmail(token: string): Promise<unknown> {
  return requestJson('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return requestJson('POST', '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
}

export function resetPassword(token: string, newPassword: string): Promise<unknown> {
  return requestJson('POST', '/api/auth/reset-password', { newPassword, token });
}
