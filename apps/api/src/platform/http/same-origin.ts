import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@toolshed/core';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin the request was addressed to, as a browser would write it in the Origin header. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** 'Example.org:443' and 'example.org' are one host; the scheme's default port is left out. */
const hostKey = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

/**
 * CSRF guard for every state-changing API request: a browser names the page's origin in `Origin`
 * (and `Sec-Fetch-Site`); anything from another site is refused before any handler runs.
 * SameSite=Lax cookies are the second layer.
 *
 * In production the Host header is not believed: it must name APP_URL's host (or a trusted origin's),
 * and `Origin` must be one of those origins, so a forged Host with a matching Origin gets nowhere.
 * In development the origin the request was addressed to is accepted too (dev servers, test ports).
 */
export function registerSameOriginGuard(
  app: FastifyInstance,
  trustedOrigins: readonly string[],
  options: { production?: boolean } = {},
): void {
  const production = options.production ?? false;
  const allowedHosts = new Set(trustedOrigins.map((o) => hostKey(new URL(o).host)));
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const safe = SAFE_METHODS.has(request.method);
    if (production && !safe && !allowedHosts.has(hostKey(request.host))) {
      throw new AppError('FORBIDDEN', 'This request was addressed to a host this site does not answer for.');
    }
    if (safe) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const sameHost = !production && origin === requestOrigin(request);
      if (!sameHost && !trustedOrigins.includes(origin)) {
        throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
      }
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
  });
}
