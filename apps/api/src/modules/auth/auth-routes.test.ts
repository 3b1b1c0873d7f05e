import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { confirmEmail, cookieHeader, createSignedInUser, ORIGIN, post, signIn, signUp } from '../../test/auth-helpers.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
});
afterAll(async () => ctx?.close());

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string; reason?: string } }).error;

describe('sign-up and email confirmation', () => {
  it('creates the user, sends a confirmation email and does not sign in yet', async () => {
    const res = await signUp(ctx.app, 'maya@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name.includes('session_token'))).toBeUndefined();
    const mail = mailer.lastTo('maya@example.com');
    expect(mail.subject).toBe('Confirm your email for Toolshed');
    const link = mailer.linkTo('maya@example.com', '/auth/callback');
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.searchParams.get('redirectTo')).toBe('/my-items');
  });

  it('refuses sign-in before the email is confirmed, and sends a fresh link', async () => {
    const before = mailer.sent.length;
    const res = await signIn(ctx.app, 'maya@example.com');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', reason: 'EMAIL_NOT_VERIFIED' });
    expect(mailer.sent.length).toBe(before + 1);
  });

  it('confirming signs the user in with an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await confirmEmail(ctx.app, mailer, 'maya@example.com');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'toolshed.session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: 'Maya Patel', email: 'maya@example.com' });
  });

  it('refuses a second account with the same email', async () => {
    const res = await signUp(ctx.app, 'MAYA@example.com');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'CONFLICT',
      message: 'An account with this email already exists.',
      reason: 'USER_ALREADY_EXISTS',
    });
  });

  it.each([
    ['short', 'PASSWORD_TOO_SHORT'],
    ['password123', 'WEAK_PASSWORD'],
    ['x'.repeat(129), 'PASSWORD_TOO_LONG'],
  ])('refuses the password %j', async (password, reason) => {
    const res = await signUp(ctx.app, `weak-${reason}@example.com`, password);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).reason).toBe(reason);
    const again = await signUp(ctx.app, `weak-${reason}@example.com`, 'a much better passphrase');
    expect(again.statusCode).toBe(200);
  });

  it('rejects a forged confirmation token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not-a-real-token' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).reason).toBe('INVALID_TOKEN');
  });
});

describe('sign-in, sessions and sign-out', () => {
  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await signIn(ctx.app, 'maya@example.com', 'not my password at all');
    const unknown = await signIn(ctx.app, 'nobody@example.com', 'not my password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual(errorOf(unknown));
    expect(errorOf(wrong).message).toBe('Invalid email or password.');
  });

  it('issues a new session id at each sign-in, and sign-out ends the session on the server', async () => {
    const first = await signIn(ctx.app, 'maya@example.com');
    const second = await signIn(ctx.app, 'maya@example.com');
    expect(first.statusCode).toBe(200);
    expect(cookieHeader(first)).not.toEqual(cookieHeader(second));
    const cookie = cookieHeader(first);
    const out = await post(ctx.app, '/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const other = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(second) } });
    expect(other.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('emails a link, sets the new password and ends every session', async () => {
    const { cookie } = await createSignedInUser(ctx.app, mailer, 'reset@example.com', 'Reset Person');
    const asked = await post(ctx.app, '/api/auth/request-password-reset', { email: 'reset@example.com', redirectTo: '/reset-password' });
    expect(asked.statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    const link = mailer.linkTo('reset@example.com', '/reset-password');
    const token = link.searchParams.get('token')!;

    const weak = await post(ctx.app, '/api/auth/reset-password', { token, newPassword: 'qwertyuiop' });
    expect(weak.statusCode).toBe(400);
    const done = await post(ctx.app, '/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(done.statusCode).toBe(200);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await signIn(ctx.app, 'reset@example.com')).statusCode).toBe(401);
    expect((await signIn(ctx.app, 'reset@example.com', 'a brand new passphrase')).statusCode).toBe(200);
    const reused = await post(ctx.app, '/api/auth/reset-password', { token, newPassword: 'yet another passphrase' });
    expect(reused.statusCode).toBe(400);
  });

  it('answers the same whether or not the email has an account', async () => {
    const before = mailer.sent.length;
    const res = await post(ctx.app, '/api/auth/request-password-reset', { email: 'ghost@example.com', redirectTo: '/reset-password' });
    expect(res.statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(mailer.sent.length).toBe(before);
  });
});

describe('password change', () => {
  const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

  it.each([
    ['says nothing of other sessions', {}],
    ['asks to keep other sessions', { revokeOtherSessions: false }],
  ])('signs out every other device when the client %s, and this one stays signed in', async (label, asked) => {
    const email = `change-${label.replace(/\W/g, '')}@example.com`;
    const here = await createSignedInUser(ctx.app, mailer, email, 'Change Person');
    const phone = cookieHeader(await signIn(ctx.app, email));
    const laptop = cookieHeader(await signIn(ctx.app, email));
    for (const cookie of [here.cookie, phone, laptop]) expect((await me(cookie)).statusCode).toBe(200);

    const changed = await post(
      ctx.app,
      '/api/auth/change-password',
      { currentPassword: 'a sturdy wheelbarrow', newPassword: 'a brand new passphrase', ...asked },
      { cookie: here.cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    // This device carries on with the session the answer set, as a browser keeps it.
    const current = cookieHeader(changed);
    expect(current).toMatch(/session_token=/);
    const stillIn = await me(current);
    expect(stillIn.statusCode).toBe(200);
    expect(stillIn.json()).toMatchObject({ email });
    expect((await signIn(ctx.app, email)).statusCode).toBe(401);
    expect((await signIn(ctx.app, email, 'a brand new passphrase')).statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin and changes nothing', async () => {
    const { cookie } = await createSignedInUser(ctx.app, mailer, 'csrf@example.com', 'Original Name');
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'Hacked' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    const viaFetchMetadata = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(viaFetchMetadata.statusCode).toBe(403);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ name: 'Original Name' });
  });

  it('accepts the same request from our own origin', async () => {
    const { cookie } = await createSignedInUser(ctx.app, mailer, 'same@example.com', 'Before');
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: '  After  ' },
      headers: { cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'After' });
  });
});

describe('the OpenAPI document describes the account endpoints and the session cookie', () => {
  it('lists sign-up, sign-in, sign-out, session, email confirmation and password reset, and the cookie scheme', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'toolshed.session_token' }),
    });
    for (const [path, method] of [
      ['/api/auth/sign-up/email', 'post'],
      ['/api/auth/sign-in/email', 'post'],
      ['/api/auth/sign-out', 'post'],
      ['/api/auth/get-session', 'get'],
      ['/api/auth/verify-email', 'get'],
      ['/api/auth/request-password-reset', 'post'],
      ['/api/auth/reset-password', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toMatchObject({ security: [] });
    }
    // A protected operation inherits the document's session requirement.
    expect(doc.paths['/api/me']?.get?.security).toBeUndefined();
  });

  it('names the cookie that sign-in really sets', async () => {
    const { cookie } = await createSignedInUser(ctx.app, mailer, 'cookie-name@example.com', 'Cora Cookie');
    expect(cookie).toMatch(/(^|; )toolshed\.session_token=/);
  });
});
