import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database.ts';
import { createSignedInUser, post, signIn, signUp } from '../../test/auth-helpers.ts';
import { ALREADY_CONFIRMED_MESSAGE } from './already-confirmed.ts';
import { SUSPENDED_MESSAGE } from './suspension-repository.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
});
afterAll(async () => ctx?.close());

const verify = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });

describe('confirmation links', () => {
  it('a link resent by signing in unconfirmed returns to the page sign-in was asked from', async () => {
    await signUp(ctx.app, 'ravi@example.com');
    const res = await post(ctx.app, '/api/auth/sign-in/email', {
      email: 'ravi@example.com',
      password: 'a sturdy wheelbarrow',
      callbackURL: '/checkout',
    });
    expect(res.statusCode).toBe(403);
    expect(mailer.linkTo('ravi@example.com', '/auth/callback').searchParams.get('redirectTo')).toBe('/checkout');
  });

  it('a link used a second time says the email is already confirmed, and signs nobody in', async () => {
    const token = mailer.linkTo('ravi@example.com', '/auth/callback').searchParams.get('token')!;
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.cookies.find((c) => c.name.includes('session_token'))).toBeDefined();
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ message: ALREADY_CONFIRMED_MESSAGE, reason: 'EMAIL_ALREADY_VERIFIED' });
    expect(again.cookies.find((c) => c.name.includes('session_token'))).toBeUndefined();
  });

  it('a forged link is still refused as invalid, not called confirmed', async () => {
    const res = await verify('not-a-real-token');
    expect(res.statusCode).toBe(401);
  });
});

const suspend = (email: string) => ctx.database.db.execute(sql`update users set suspended_at = now() where email = ${email}`);
const sessionsOf = async (email: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = ${email}`,
    )
  )[0]!.n;
const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name.includes('session_token') && c.value !== '');

describe('a suspended member gets no session, whichever way they sign in', () => {
  it('the confirmation link confirms nothing into a session: refused with the suspension message', async () => {
    await signUp(ctx.app, 'sid@example.com');
    const token = mailer.linkTo('sid@example.com', '/auth/callback').searchParams.get('token')!;
    await suspend('sid@example.com');
    const res = await verify(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ message: SUSPENDED_MESSAGE });
    expect(sessionCookie(res)).toBeUndefined();
    expect(await sessionsOf('sid@example.com')).toBe(0);
  });

  it('signing in with the password is refused; a password reset changes the password but signs nobody in', async () => {
    await createSignedInUser(ctx.app, mailer, 'sue@example.com', 'Sue Suspended');
    await ctx.database.db.execute(sql`delete from sessions where user_id in (select id from users where email = 'sue@example.com')`);
    await suspend('sue@example.com');
    const signedIn = await signIn(ctx.app, 'sue@example.com');
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json().error.message).toBe(SUSPENDED_MESSAGE);

    expect(
      (await post(ctx.app, '/api/auth/request-password-reset', { email: 'sue@example.com', redirectTo: '/reset-password' })).statusCode,
    ).toBe(200);
    await ctx.app.jobs.runDue();
    const resetToken = mailer.linkTo('sue@example.com', '/reset-password').searchParams.get('token')!;
    const reset = await post(ctx.app, '/api/auth/reset-password', { token: resetToken, newPassword: 'a brand new passphrase' });
    expect(sessionCookie(reset)).toBeUndefined();
    expect((await signIn(ctx.app, 'sue@example.com', 'a brand new passphrase')).statusCode).toBe(403);
    expect(await sessionsOf('sue@example.com')).toBe(0);
  });

  it('a session that outlived the suspension cannot change the password into a new one', async () => {
    const { cookie } = await createSignedInUser(ctx.app, mailer, 'sal@example.com', 'Sal Suspended');
    await suspend('sal@example.com');
    const changed = await post(
      ctx.app,
      '/api/auth/change-password',
      { currentPassword: 'a sturdy wheelbarrow', newPassword: 'another sturdy passphrase' },
      { cookie },
    );
    expect(changed.statusCode).toBe(403);
    expect(sessionCookie(changed)).toBeUndefined();
    expect(await sessionsOf('sal@example.com')).toBe(0);
  });
});
