import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@toolshed/core';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin the request was addressed to, as a browser would write it in the Origin header. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * CSRF guard for every state-changing API request: a browser names the page's origin in `Origin`
 * (and `Sec-Fetch-Site`); anything from another site is refused before any handler runs.
 * SameSite=Lax cookies are the second layer.
 */
export function registerSameOriginGuard(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== requestOrigin(request) && !trustedOrigins.includes(origin)) {
        throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
      }
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
  });
}
