import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post, signIn, signUp } from '../../test/auth-helpers.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string } }).error;

describe('per-account sign-in limiter', () => {
  it('locks an account after too many failures within the window, then lets it go', () => {
    const limiter = createSignInLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) limiter.recordFailure('Maya@Example.com', 1000 + i);
    expect(limiter.retryAfter('maya@example.com', 2000)).toBe(59);
    expect(limiter.retryAfter('other@example.com', 2000)).toBe(0);
    expect(limiter.retryAfter('maya@example.com', 61_001)).toBe(0);
    limiter.recordFailure('x@example.com', 0);
    limiter.reset('x@example.com');
    expect(limiter.retryAfter('x@example.com', 1)).toBe(0);
  });
});

describe('rate limits over HTTP', () => {
  let ctx: TestContext;
  const mailer = createMemoryMailer();
  beforeAll(async () => {
    ctx = await createTestApp({ mailer, env: { AUTH_RATE_LIMIT: '6', AUTH_ACCOUNT_FAILURES: '3' } });
  });
  afterAll(async () => ctx?.close());

  it('refuses an account after repeated wrong passwords, even with the right one (429)', async () => {
    await createSignedInUser(ctx.app, mailer, 'target@example.com');
    for (let i = 0; i < 3; i++) expect((await signIn(ctx.app, 'target@example.com', `wrong guess ${i}!`)).statusCode).toBe(401);
    const locked = await signIn(ctx.app, 'target@example.com');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(errorOf(locked).message).toMatch(/Too many failed sign-in attempts for this account/);
  });

  it('limits sign-up and sign-in requests per address (429 with a clear message)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await signUp(ctx.app, `flood${i}@example.com`, 'flood passphrase 123')).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    // One sign-up was spent creating the first account: five more pass, then the limit holds.
    expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    let limited = await post(ctx.app, '/api/auth/sign-in/email', { email: 'any@example.com', password: 'whatever 12345' });
    for (let i = 0; i < 8 && limited.statusCode !== 429; i++) {
      limited = await post(ctx.app, '/api/auth/sign-in/email', { email: `any${i}@example.com`, password: 'whatever 12345' });
    }
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toMatch(/Too many attempts from your connection/);
  });
});

describe('the address used for limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT: '2' } });
  });
  afterAll(async () => ctx?.close());

  it('cannot be changed by sending X-Forwarded-For when no proxy is trusted', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(ctx.app, '/api/auth/sign-in/email', { email: `x${i}@example.com`, password: 'whatever 12345' }, { 'x-forwarded-for': `203.0.113.${i}` });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 429, 429]);
  });
});
