import { afterAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp } from '../test-app.ts';
import { createMemoryMailer } from '../memory-mailer.ts';
import { createSignedInUser, cookieHeader, ORIGIN, signIn } from '../auth-helpers.ts';
import { createItem, insertCategories } from '../factories.ts';
import { authOperations, openApiOperations, type Operation } from './operations.ts';
import { buildRequests, type FuzzRequest } from './build-requests.ts';

/**
 * Generated from the app's own OpenAPI document and the auth library's endpoint list: every operation,
 * every parameter and body field, hostile values one at a time, as a visitor and as a signed-in user.
 * Nothing may answer 5xx and no answer may carry a stack trace. Routes added later are fuzzed too.
 */
const mailer = createMemoryMailer();
const ctx = await createTestApp({ mailer, env: { AUTH_RATE_LIMIT: '100000', SUPPORT_RATE_LIMIT: '100000' } });
afterAll(async () => ctx.close());
await insertCategories(ctx.database.db);
const EMAIL = 'fuzz.user@example.com';
const signedIn = await createSignedInUser(ctx.app, mailer, EMAIL, 'Fuzz User');
let cookie = signedIn.cookie;
const item = await createItem(ctx.database.db, signedIn.user.id);
const ids = { any: item.id };

const operations: Operation[] = [...openApiOperations(ctx.app), ...authOperations(ctx.database)];
const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\.ts:\d+:\d+/;

function send(req: FuzzRequest, asUser: boolean): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { origin: ORIGIN, ...req.headers };
  if (asUser) headers.cookie = cookie;
  if (!req.body) return ctx.app.inject({ method: req.method, url: req.url, headers });
  if ('json' in req.body)
    return ctx.app.inject({
      method: req.method,
      url: req.url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(req.body.json) ?? '',
    });
  return ctx.app.inject({
    method: req.method,
    url: req.url,
    headers: { ...headers, 'content-type': req.body.contentType },
    payload: req.body.raw,
  });
}

/** Fuzzing sign-out, revoke-sessions and the like may end the user's session: sign in again. */
async function keepSignedIn(): Promise<void> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  if (res.json() !== null) return;
  const again = await signIn(ctx.app, EMAIL);
  if (again.statusCode !== 200) throw new Error(`could not sign the fuzz user in again: ${again.statusCode} ${again.body}`);
  cookie = cookieHeader(again);
}

describe('fuzzing every operation', () => {
  it('finds the app routes and the auth endpoints', () => {
    expect(operations.filter((o) => o.source === 'openapi').length).toBeGreaterThan(20);
    expect(operations.some((o) => o.path === '/api/auth/sign-in/email')).toBe(true);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: no 5xx and no stack trace, as visitor and user',
    async (_name, op) => {
      const failures: string[] = [];
      for (const asUser of [false, true]) {
        for (const req of buildRequests(op, ids)) {
          const res = await send(req, asUser);
          const who = asUser ? 'user' : 'visitor';
          if (res.statusCode >= 500) failures.push(`${who} ${req.label} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (STACK_TRACE.test(res.body)) failures.push(`${who} ${req.label} -> stack trace in the body`);
        }
        if (asUser) await keepSignedIn();
      }
      expect(failures).toEqual([]);
      // Generous: a shared CI machine can be slow, and the whole suite's time is what FUZZ_EXTRA bounds.
    },
    120_000,
  );
});
