import { APIError, createAuthMiddleware } from 'better-auth/api';

export const ALREADY_CONFIRMED_MESSAGE = 'Your email address is already confirmed. Please sign in.';

/**
 * better-auth answers a confirmation link used a second time exactly like the first use, minus the
 * session. Every first use signs the person in (a new session), so a success without one means the
 * address was confirmed before: say so, instead of a silent success that leads nowhere.
 */
export const alreadyConfirmedHook = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/verify-email') return;
  const returned = ctx.context.returned;
  if (returned === undefined || returned instanceof APIError || returned instanceof Response) return;
  if (ctx.context.newSession) return;
  throw new APIError('CONFLICT', { message: ALREADY_CONFIRMED_MESSAGE, code: 'EMAIL_ALREADY_VERIFIED' });
});
