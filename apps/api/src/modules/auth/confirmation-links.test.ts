import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { post, signUp } from '../../test/auth-helpers.ts';
import { ALREADY_CONFIRMED_MESSAGE } from './already-confirmed.ts';

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
