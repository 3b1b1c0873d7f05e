import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  safeReturnPath,
  type PasswordProblem,
} from '@toolshed/core';
import { checkPersonName } from '@toolshed/core/contract';
import type { Db } from '../../db/database.ts';
import { accounts, sessions, users, verifications } from '../../db/schema.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { alreadyConfirmedHook } from './already-confirmed.ts';
import { confirmEmailMessage, resetPasswordMessage } from './auth-emails.ts';
import { SUSPENDED_MESSAGE } from './suspension-repository.ts';

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
  /** Reset emails are sent from a job, so asking for a reset does the same work whether or not the account exists. */
  jobs: JobQueue;
  /** Where the web app is served, e.g. http://localhost:3000: links in emails point there. */
  appUrl: string;
  secret: string;
  secureCookies: boolean;
  /** Extra origins allowed to make state-changing requests (e.g. a dev server). */
  trustedOrigins?: string[];
  /** In production the origin is APP_URL's alone, never one taken from the request's Host header. */
  production?: boolean;
  /** Where the library's own warnings and errors go: the message only, never its extra arguments (they can hold request data). */
  log?: (level: 'warn' | 'error', message: string) => void;
  /** Called after a successful password reset (the sign-in lock is lifted then). */
  onPasswordReset?: (email: string) => void | Promise<void>;
  /** Whether an operator suspended this account: its sign-in is refused with SUSPENDED_MESSAGE. */
  isSuspended?: (email: string) => Promise<boolean>;
  /**
   * The same by user id, asked before any session is created: the email link's sign-in, a reset or
   * a password change (every way the library gives a session), so none reaches a suspended member.
   */
  isSuspendedUser?: (userId: string) => Promise<boolean>;
}

export const RESET_EMAIL_JOB = 'auth.reset-password-email';

export const PICTURE_REFUSED_MESSAGE = 'Your picture can only be changed by uploading a photo.';

function callbackFrom(url: string): string | null {
  try {
    return new URL(url).searchParams.get('callbackURL');
  } catch {
    return null;
  }
}

export function createAuth(options: AuthOptions) {
  const { db, mailer, appUrl, jobs } = options;
  jobs.register<{ to: string; name: string; url: string }>(RESET_EMAIL_JOB, async ({ to, name, url }) => {
    await mailer.send(resetPasswordMessage(to, name, url));
  });
  return betterAuth({
    appName: 'Toolshed',
    baseURL: `${appUrl}/api/auth`,
    basePath: '/api/auth',
    secret: options.secret,
    // The configured URL, extra origins, and the origin the request itself was addressed to.
    trustedOrigins: (request) => [
      appUrl,
      ...(options.trustedOrigins ?? []),
      ...(request && !options.production ? [new URL(request.url).origin] : []),
    ],
    telemetry: { enabled: false },
    logger: options.log
      ? { level: 'warn', log: (level, message) => options.log?.(level === 'error' ? 'error' : 'warn', message) }
      : { disabled: true },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: { fields: { image: 'picture' } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      onPasswordReset: async ({ user }) => options.onPasswordReset?.(user.email),
      async sendResetPassword({ user, token }) {
        await jobs.enqueue(RESET_EMAIL_JOB, {
          to: user.email,
          name: user.name,
          url: `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
        });
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
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            if (options.isSuspendedUser && (await options.isSuspendedUser(session.userId)))
              throw new APIError('FORBIDDEN', { message: SUSPENDED_MESSAGE, code: 'ACCOUNT_SUSPENDED' });
          },
        },
      },
    },
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
        if (ctx.path === '/sign-in/email' && options.isSuspended) {
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          if (typeof email === 'string' && (await options.isSuspended(email)))
            throw new APIError('FORBIDDEN', { message: SUSPENDED_MESSAGE, code: 'ACCOUNT_SUSPENDED' });
        }
        if (ctx.path === '/sign-up/email' || ctx.path === '/reset-password') {
          const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown; email?: unknown };
          const password = ctx.path === '/sign-up/email' ? body.password : body.newPassword;
          const email = typeof body.email === 'string' ? body.email : undefined;
          const problem = typeof password === 'string' ? passwordProblem(password, email) : null;
          if (problem) throw new APIError('BAD_REQUEST', { message: PASSWORD_MESSAGES[problem], code: PASSWORD_REASONS[problem] });
        }
        const body = ctx.body as Record<string, unknown> | undefined;
        let trimmedName: string | undefined;
        if ((ctx.path === '/sign-up/email' || ctx.path === '/update-user') && body && typeof body === 'object') {
          // The picture is only ever a photo the app itself stored (the profile's upload), never a URL from a client.
          if (body.image !== undefined)
            throw new APIError('BAD_REQUEST', { message: PICTURE_REFUSED_MESSAGE, code: 'PICTURE_NOT_ALLOWED' });
          if (ctx.path === '/sign-up/email' || body.name !== undefined) {
            const name = checkPersonName(body.name);
            if (!name.ok) throw new APIError('BAD_REQUEST', { message: name.message, code: 'INVALID_NAME' });
            trimmedName = name.name;
          }
        }
        if (ctx.path === '/sign-up/email') {
          // The product tells a person signing up that their email already has an account.
          const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? '')
            .trim()
            .toLowerCase();
          const existing = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
          if (existing) throw new APIError('UNPROCESSABLE_ENTITY', { message: DUPLICATE_EMAIL_MESSAGE, code: 'USER_ALREADY_EXISTS' });
        }
        if (ctx.path === '/change-password' && body && typeof body === 'object') {
          // A new password signs out every other device, whatever the client asks: the library ends
          // all the member's sessions and gives this device a new one (its cookie in the answer).
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        }
        if (trimmedName !== undefined) return { context: { body: { ...body, name: trimmedName } } };
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
