import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '@toolshed/core';
import type { Auth } from './auth.ts';
import type { SignInLimiter } from './sign-in-limiter.ts';
import { requestOrigin } from '../../platform/http/same-origin.ts';

export interface AuthRateLimits {
  /** Sign-in, sign-up and reset requests per address per window. */
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

function toFetchRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, requestOrigin(request)), {
    method: request.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(request.body ?? {}) } : {}),
  });
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
  if (status >= 500) log.error({ status: response.status, body: text }, 'auth error');
  const message = status >= 500 ? 'Something went wrong on our side. Please try again.' : (FRIENDLIER[parsed.code ?? ''] ?? parsed.message ?? 'Request refused');
  return reply
    .status(status)
    .type('application/json')
    .send({ error: { code, message, ...(parsed.code ? { reason: parsed.code } : {}) } });
}

const LIMITED_PATHS = ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/send-verification-email'];

function sensitivePath(request: FastifyRequest): string | undefined {
  const path = request.url.split('?')[0]!;
  return LIMITED_PATHS.includes(path) ? path : undefined;
}

export async function registerAuthRoutes(app: FastifyInstance, deps: { auth: Auth; limiter: SignInLimiter; limits: AuthRateLimits }) {
  const { auth, limiter, limits } = deps;
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: {
      rateLimit: {
        // Each sensitive endpoint has its own bucket per address; everything else shares a roomy one.
        keyGenerator: (req: FastifyRequest) => `${req.ip}|${sensitivePath(req) ?? 'other'}`,
        max: (req: FastifyRequest) => (sensitivePath(req) ? limits.perIp : limits.perIp * 20),
        timeWindow: limits.windowMs,
      },
    },
    async handler(request, reply) {
      const path = request.url.split('?')[0];
      const email = path === '/api/auth/sign-in/email' ? String((request.body as { email?: unknown } | undefined)?.email ?? '') : '';
      if (email) {
        const wait = limiter.retryAfter(email);
        if (wait > 0) {
          throw new AppError('RATE_LIMITED', `Too many failed sign-in attempts for this account. Please wait ${Math.ceil(wait / 60)} minutes and try again, or reset your password.`);
        }
      }
      const response = await auth.handler(toFetchRequest(request));
      if (email && response.status === 401) limiter.recordFailure(email);
      if (email && response.status === 200) limiter.reset(email);
      return relay(response, reply, request.log);
    },
  });
}
