import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@toolshed/core';
import { MAX_IMAGE_BYTES } from '@toolshed/core/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { sharedRateLimitStore } from '../rate-limit/fastify-store.ts';
import { createRateLimitStore } from '../rate-limit/rate-limit-store.ts';
import { registerCompression } from './compression.ts';
import { registerInputGuard } from './input-guard.ts';
import { registerSameOriginGuard } from './same-origin.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/**
 * What every request meets before a route: the input guard, the same-origin guard for writes,
 * security headers with the content security policy, compression, the shared rate limits (for the
 * routes that ask for one) and the limits of an upload.
 */
export async function registerHttpGuards(
  app: FastifyInstance,
  { config, db, now }: { config: Config; db: Db; now: () => Date },
): Promise<void> {
  registerInputGuard(app);
  registerSameOriginGuard(app, [config.appUrl, ...config.trustedOrigins], { production: config.production });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        // Served over plain HTTP on localhost by default; TLS is the proxy's job in production.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerCompression(app);
  // Counted in PostgreSQL, so a limit holds whichever API process answers.
  const rateLimitStore = createRateLimitStore(db, now);
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(rateLimitStore, now),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', `Too many attempts from your connection. Please wait ${ctx.after} and try again.`),
  });
  // One file, a few fields, few headers: anything more is a malformed or hostile upload (answered 400).
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 50 } });
}
