import type { FastifyRequest } from 'fastify';
import { AppError } from '@toolshed/core';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * The URL handed to better-auth, parsed once: the WHATWG parser resolves '/./', '/../', '%2e' and
 * drops a '#fragment', exactly as better-auth's router will see it. Limits are keyed on the endpoint
 * taken from this same URL, so no spelling of a path can be counted as one endpoint and run as another.
 */
export function authUrl(request: FastifyRequest, origin: string): URL {
  try {
    return new URL(request.url, origin);
  } catch {
    // The origin comes from the Host header outside production: 'bad host' cannot be parsed.
    throw new AppError('VALIDATION', 'The request names a host that is not valid.');
  }
}

/** '/sign-in/email' for '/api/auth/./sign-in/email/#x'; better-auth's router also ignores one trailing slash. */
export function authEndpoint(url: URL): string {
  const path = url.pathname.startsWith(`${AUTH_BASE_PATH}/`) ? url.pathname.slice(AUTH_BASE_PATH.length) : url.pathname;
  return path.replace(/\/+$/, '') || '/';
}

/** Endpoints that send email, create accounts or check a password: each has its own small per-address budget. */
export const LIMITED_ENDPOINTS: ReadonlySet<string> = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/send-verification-email',
  '/reset-password',
  '/verify-password',
  '/change-password',
  '/change-email',
  '/delete-user',
]);
