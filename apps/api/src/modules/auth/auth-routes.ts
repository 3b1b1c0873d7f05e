import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '@toolshed/core';
import type { Auth } from './auth.ts';
import type { SignInLimiter } from './sign-in-limiter.ts';
import { requestOrigin } from '../../platform/http/same-origin.ts';
import { authEndpoint, authUrl, LIMITED_ENDPOINTS } from './auth-path.ts';

export interface AuthRateLimits {
  /** Requests to each limited endpoint per address per window; other auth requests get 20 times this. */
  perIp: number;
  windowMs: number;
}

const FRIENDLIER: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password.',
  EMAIL_NOT_VERIFIED: 'Please confirm your email before signing in. We have sent you a new confirmation link.',
  INVALID_TOKEN: 'This link is invalid or has expired. Please ask for a new one.',
  TOKEN_EXPIRED: 'This link has expired. Please ask for a new one.',
};

function codeFor(status: number, reason: string | undefined): { status: number; code: ErrorCode } {
  if (reason === 'USER_ALREADY_EXISTS') return { status: 409, code: 'CONFLICT' };
  if (status === 401) return { status, code: 'UNAUTHENTICATED' };
  if (status === 403) return { status, code: 'FORBIDDEN' };
  if (status === 404) return { status, code: 'NOT_FOUND' };
  if (status === 429) return { status, code: 'RATE_LIMITED' };
  if (status >= 500) return { status: 500, code: 'INTERNAL' };
  return { status: 400, code: 'VALIDATION' };
}

function toFetchRequest(request: FastifyRequest, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  // The input guard has already refused bodies nested too deeply to serialise.
  return new Request(url, { method: request.method, headers, ...(hasBody ? { body: JSON.stringify(request.body ?? {}) } : {}) });
}

/** Sends better-auth's response through Fastify, turning its errors into our one error shape. */
async function relay(response: Response, reply: FastifyReply, log: FastifyRequest['log']): Promise<FastifyReply> {
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') reply.header(name, value);
  });
  const text = await response.text();
  if (response.status < 400) return reply.status(response.status).send(text || null);
  let parsed: { code?: string; message?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    /* not JSON: keep the generic message */
  }
  const { status, code } = codeFor(response.status, parsed.code);
  // The status and better-auth's code only: its message may quote the request.
  if (status >= 500) log.error({ status: response.status, reason: parsed.code }, 'auth error');
  const message =
    status >= 500
      ? 'Something went wrong on our side. Please try again.'
      : (FRIENDLIER[parsed.code ?? ''] ?? parsed.message ?? 'Request refused');
  return reply
    .status(status)
    .type('application/json')
    .send({ error: { code, message, ...(parsed.code ? { reason: parsed.code } : {}) } });
}

function lockedMessage(wait: { seconds: number; scope: 'address' | 'account' }): string {
  const time = wait.seconds >= 90 ? `${Math.ceil(wait.seconds / 60)} minutes` : `${wait.seconds} seconds`;
  const advice = wait.scope === 'address' ? ', or reset your password' : '';
  return `Too many failed sign-in attempts for this account. Please wait ${time} and try again${advice}.`;
}

export async function registerAuthRoutes(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    limiter: SignInLimiter;
    limits: AuthRateLimits;
    /** Production: APP_URL, never the Host header. */ publicOrigin?: string;
  },
) {
  const { auth, limiter, limits, publicOrigin } = deps;
  const endpointOf = (request: FastifyRequest) => authEndpoint(authUrl(request, publicOrigin ?? requestOrigin(request)));
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: {
      rateLimit: {
        // One limiter for every auth endpoint, keyed on the endpoint better-auth will run (never the raw URL).
        keyGenerator: (req: FastifyRequest) => {
          const endpoint = endpointOf(req);
          return `${req.ip}|${LIMITED_ENDPOINTS.has(endpoint) ? endpoint : 'other'}`;
        },
        max: (req: FastifyRequest) => (LIMITED_ENDPOINTS.has(endpointOf(req)) ? limits.perIp : limits.perIp * 20),
        timeWindow: limits.windowMs,
      },
    },
    async handler(request, reply) {
      const url = authUrl(request, publicOrigin ?? requestOrigin(request));
      const body = request.body as { email?: unknown } | null | undefined;
      const email = authEndpoint(url) === '/sign-in/email' && typeof body?.email === 'string' ? body.email : '';
      if (email) {
        const wait = await limiter.wait(email, request.ip);
        if (wait) throw new AppError('RATE_LIMITED', lockedMessage(wait));
      }
      const response = await auth.handler(toFetchRequest(request, url));
      if (email && response.status === 401) await limiter.recordFailure(email, request.ip);
      if (email && response.status === 200) await limiter.clear(email);
      return relay(response, reply, request.log);
    },
  });
}
