import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERSON_NAME_MESSAGES } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post, signUp } from '../../test/auth-helpers.ts';
import { users } from '../../db/schema.ts';
import { PICTURE_REFUSED_MESSAGE } from './auth.ts';

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string; reason?: string } }).error;

describe('names, pictures and reset emails', () => {
  let ctx: TestContext;
  const mailer = createMemoryMailer();
  beforeAll(async () => {
    ctx = await createTestApp({ mailer });
  });
  afterAll(async () => ctx?.close());
  const userByEmail = async (email: string) => (await ctx.database.db.select().from(users).where(eq(users.email, email)))[0];

  it.each<[string, string | undefined, string]>([
    ['blank', '   ', PERSON_NAME_MESSAGES.required],
    ['missing', undefined, PERSON_NAME_MESSAGES.required],
    ['101 characters', 'x'.repeat(101), PERSON_NAME_MESSAGES.tooLong],
    ['1 MB', 'x'.repeat(1_000_000), PERSON_NAME_MESSAGES.tooLong],
  ])('refuses a %s name at sign-up and creates nothing', async (label, name, message) => {
    const email = `name-${label.replace(/\W/g, '')}@example.com`;
    const res = await post(ctx.app, '/api/auth/sign-up/email', { name, email, password: 'a sturdy wheelbarrow' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION', message, reason: 'INVALID_NAME' });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('stores the name trimmed, and 100 characters is allowed', async () => {
    expect((await signUp(ctx.app, 'trim@example.com', 'a sturdy wheelbarrow', '  Maya Patel  ')).statusCode).toBe(200);
    expect((await userByEmail('trim@example.com'))?.name).toBe('Maya Patel');
    expect((await signUp(ctx.app, 'long@example.com', 'a sturdy wheelbarrow', 'y'.repeat(100))).statusCode).toBe(200);
  });

  it('refuses a picture at sign-up and through the update-user endpoint', async () => {
    const atSignUp = await post(ctx.app, '/api/auth/sign-up/email', {
      name: 'Pic',
      email: 'pic@example.com',
      password: 'a sturdy wheelbarrow',
      image: 'javascript:alert(1)',
    });
    expect(atSignUp.statusCode).toBe(400);
    expect(errorOf(atSignUp)).toMatchObject({ message: PICTURE_REFUSED_MESSAGE, reason: 'PICTURE_NOT_ALLOWED' });
    const { cookie } = await createSignedInUser(ctx.app, mailer, 'pic2@example.com', 'Pic Two');
    for (const image of ['javascript:alert(1)', 'https://evil.example/x.png', '/media/avatars/x.webp', null]) {
      const res = await post(ctx.app, '/api/auth/update-user', { image }, { cookie });
      expect(res.statusCode).toBe(400);
    }
    expect((await userByEmail('pic2@example.com'))?.picture).toBeNull();
  });

  it('applies the name rule to update-user too', async () => {
    const { cookie } = await createSignedInUser(ctx.app, mailer, 'rename@example.com', 'Before');
    expect((await post(ctx.app, '/api/auth/update-user', { name: '  ' }, { cookie })).statusCode).toBe(400);
    expect((await post(ctx.app, '/api/auth/update-user', { name: '  After ' }, { cookie })).statusCode).toBe(200);
    expect((await userByEmail('rename@example.com'))?.name).toBe('After');
  });

  it('answers a reset request before any email is sent, for a known and an unknown email alike', async () => {
    await createSignedInUser(ctx.app, mailer, 'known@example.com');
    const before = mailer.sent.length;
    const known = await post(ctx.app, '/api/auth/request-password-reset', { email: 'known@example.com', redirectTo: '/reset-password' });
    const unknown = await post(ctx.app, '/api/auth/request-password-reset', {
      email: 'unknown@example.com',
      redirectTo: '/reset-password',
    });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    // The email goes out from the job queue, after the answer.
    expect(mailer.sent.length).toBe(before);
    await ctx.app.jobs.runDue();
    expect(mailer.sent.slice(before).map((m) => m.to)).toEqual(['known@example.com']);
    expect(mailer.lastTo('known@example.com').subject).toBe('Reset your Toolshed password');
  });
});

describe('a Host header that is not a host', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it.each(['bad host', 'a:b:c', '[::1'])('%j is 400, not 500, on the auth endpoints', async (host) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'a@example.com', password: 'a sturdy wheelbarrow' },
      headers: { host },
    });
    expect(res.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { host } })).statusCode).toBe(400);
  });
});

describe('a forged Host header in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { NODE_ENV: 'production', APP_URL: 'https://toolshed.example' } });
  });
  afterAll(async () => ctx?.close());

  it('is refused even when Origin matches it', async () => {
    const payload = { name: 'Eve', email: 'eve@example.com', password: 'a sturdy wheelbarrow' };
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload,
      headers: { host: 'evil.example', origin: 'http://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    const sameOriginForged = await ctx.app.inject({
      method: 'POST',
      url: '/api/support-requests',
      payload: { name: 'Eve', email: 'eve@example.com', subject: 'Hi', message: 'hello there friend' },
      headers: { host: 'evil.example', origin: 'https://evil.example' },
    });
    expect(sameOriginForged.statusCode).toBe(403);
  });

  it('and a matching Origin on another host is refused too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/support-requests',
      payload: { name: 'Eve', email: 'eve@example.com', subject: 'Hi', message: 'hello there friend' },
      headers: { host: 'toolshed.example', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets a request addressed to APP_URL from APP_URL through', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/support-requests',
      payload: { name: 'Amy', email: 'amy@example.com', subject: 'Hi', message: 'hello there friend' },
      headers: { host: 'toolshed.example', origin: 'https://toolshed.example' },
    });
    expect(res.statusCode).toBe(201);
  });
});
