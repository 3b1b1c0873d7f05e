import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { createMemoryMailer } from './memory-mailer.ts';

type MemoryMailer = ReturnType<typeof createMemoryMailer>;

export const ORIGIN = 'http://localhost:3000';

/** The session cookie(s) a response set, as a Cookie header value. */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, ...headers } });
}

export async function signUp(app: FastifyInstance, email: string, password = 'a sturdy wheelbarrow', name = 'Maya Patel') {
  return post(app, '/api/auth/sign-up/email', { name, email, password, callbackURL: '/my-items' });
}

/** Follows the confirmation link of the last email to `email`; returns the verify response. */
export async function confirmEmail(app: FastifyInstance, mailer: MemoryMailer, email: string) {
  const link = mailer.linkTo(email, '/auth/callback');
  const token = link.searchParams.get('token') ?? '';
  return app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
}

export async function signIn(app: FastifyInstance, email: string, password = 'a sturdy wheelbarrow') {
  return post(app, '/api/auth/sign-in/email', { email, password });
}

/** A confirmed account and its session cookie. */
export async function createSignedInUser(app: FastifyInstance, mailer: MemoryMailer, email: string, name = 'Maya Patel') {
  await signUp(app, email, 'a sturdy wheelbarrow', name);
  await confirmEmail(app, mailer, email);
  const res = await signIn(app, email);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieHeader(res), user: res.json().user as { id: string; email: string } };
}
