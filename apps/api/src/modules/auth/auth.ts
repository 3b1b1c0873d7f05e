import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem, safeReturnPath, type PasswordProblem } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import { accounts, sessions, users, verifications } from '../../db/schema.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { alreadyConfirmedHook } from './already-confirmed.ts';
import { confirmEmailMessage, resetPasswordMessage } from './auth-emails.ts';

export const SESSION_COOKIE_PREFIX = 'toolshed';
const PASSWORD_REASONS: Record<PasswordProblem, string> = {
  'too-short': 'PASSWORD_TOO_SHORT',
  'too-long': 'PASSWORD_TOO_LONG',
  common: 'WEAK_PASSWORD',
  'is-email': 'WEAK_PASSWORD',
};

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists.';

export interface AuthOptions {
  db: Db;
  mailer: Mailer;
  /** Where the web app is served, e.g. http://localhost:3000: links in emails point there. */
  appUrl: string;
  secret: string;
  secureCookies: boolean;
  /** Extra origins allowed to make state-changing requests (e.g. a dev server). */
  trustedOrigins?: string[];
}


function callbackFrom(url: string): string | null {
  try {
    return new URL(url).searchParams.get('callbackURL');
  } catch {
    return null;
  }
}

export function createAuth(options: AuthOptions) {
  const { db, mailer, appUrl } = options;
  return betterAuth({
    appName: 'Toolshed',
    baseURL: `${appUrl}/api/auth`,
    basePath: '/api/auth',
    secret: options.secret,
    // The configured URL, extra origins, and the origin the request itself was addressed to.
    trustedOrigins: (request) => [appUrl, ...(options.trustedOrigins ?? []), ...(request ? [new URL(request.url).origin] : [])],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: 'pg', schema: { user: users, session: sessions, account: accounts, verification: verifications } }),
    user: { fields: { image: 'picture' } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      async sendResetPassword({ user, token }) {
        await mailer.send(resetPasswordMessage(user.email, user.name, `${appUrl}/reset-password?token=${encodeURIComponent(token)}`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 86_400,
      async sendVerificationEmail({ user, url, token }) {
        const link = new URL('/auth/callback', appUrl);
        link.searchParams.set('token', token);
        link.searchParams.set('redirectTo', safeReturnPath(callbackFrom(url)));
        await mailer.send(confirmEmailMessage(user.email, user.name, link.toString()));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Per-IP and per-account limits are applied in front of these routes (auth-routes.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      after: alreadyConfirmedHook,
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email' || ctx.path === '/reset-password') {
          const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown; email?: unknown };
          const password = ctx.path === '/sign-up/email' ? body.password : body.newPassword;
          const email = typeof body.email === 'string' ? body.email : undefined;
          const problem = typeof password === 'string' ? passwordProblem(password, email) : null;
          if (problem) throw new APIError('BAD_REQUEST', { message: PASSWORD_MESSAGES[problem], code: PASSWORD_REASONS[problem] });
        }
        if (ctx.path === '/sign-up/email') {
          // The product tells a person signing up that their email already has an account.
          const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase();
          const existing = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
          if (existing) throw new APIError('UNPROCESSABLE_ENTITY', { message: DUPLICATE_EMAIL_MESSAGE, code: 'USER_ALREADY_EXISTS' });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
