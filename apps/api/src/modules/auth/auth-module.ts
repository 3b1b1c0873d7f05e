import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { passwordChecker } from '../account/password-check.ts';
import { createAuth } from './auth.ts';
import { registerAuthRoutes } from './auth-routes.ts';
import { createCurrentUser, type CurrentUserReader } from './current-user.ts';
import { createDbFailureLog } from './sign-in-failure-repository.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';
import { suspendedAccounts, suspendedUsers } from './suspension-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who is asking: every route reads the signed-in member through it (`requireUser`, or `authenticate` as its onRequest hook). */
    currentUser: CurrentUserReader;
  }
}

/** Sign-in, sign-up and sessions (better-auth) under /api/auth, and `app.currentUser` for every route after it. */
export async function registerAuth(app: FastifyInstance, kit: ModuleKit) {
  const { config, db } = kit;
  const signInLimiter = createSignInLimiter(
    {
      pairFailures: config.authRateLimit.accountFailures,
      accountFailures: config.authRateLimit.accountFailures * 2,
      windowMs: config.authRateLimit.accountWindowMs,
    },
    createDbFailureLog(db),
  );
  const auth = createAuth({
    db,
    mailer: kit.mailer,
    jobs: kit.jobs,
    appUrl: config.appUrl,
    secret: kit.authSecret,
    secureCookies: config.production,
    trustedOrigins: config.trustedOrigins,
    production: config.production,
    onPasswordReset: (email) => signInLimiter.clear(email),
    isSuspended: suspendedAccounts(db),
    isSuspendedUser: suspendedUsers(db),
    log: (level, message) => app.log[level]({ source: 'better-auth' }, message),
  });
  const currentUser = createCurrentUser(auth);
  app.decorate('currentUser', currentUser);
  await registerAuthRoutes(app, {
    auth,
    limiter: signInLimiter,
    limits: config.authRateLimit,
    ...(config.production ? { publicOrigin: config.appUrl } : {}),
  });
  return { currentUser, checkPassword: passwordChecker(auth) };
}
