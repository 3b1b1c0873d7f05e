import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';
import { rawPostJson } from '../../test/raw-http.ts';

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string } }).error;
const from = (address: string) => ({ remoteAddress: address });

describe('the sign-in limiter', () => {
  const limiter = () => createSignInLimiter({ pairFailures: 3, accountFailures: 6, windowMs: 60_000, maxBackoffMs: 8_000 });

  it('locks one account for one address after too many failures, then lets it go', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.recordFailure('Maya@Example.com', '198.51.100.1', 1000 + i);
    expect(await l.wait('maya@example.com', '198.51.100.1', 2000)).toEqual({ seconds: 59, scope: 'address' });
    expect(await l.wait('maya@example.com', '198.51.100.2', 2000)).toBeNull();
    expect(await l.wait('other@example.com', '198.51.100.1', 2000)).toBeNull();
    expect(await l.wait('maya@example.com', '198.51.100.1', 61_001)).toBeNull();
  });

  it('slows an account guessed from many addresses with a doubling back-off, capped', async () => {
    const l = limiter();
    for (let i = 0; i < 6; i++) await l.recordFailure('maya@example.com', `203.0.113.${i}`, 10_000);
    expect(await l.wait('maya@example.com', '192.0.2.1', 10_000)).toEqual({ seconds: 1, scope: 'account' });
    expect(await l.wait('maya@example.com', '192.0.2.1', 11_000)).toBeNull();
    for (let i = 0; i < 6; i++) await l.recordFailure('maya@example.com', `203.0.113.${10 + i}`, 11_000);
    expect(await l.wait('maya@example.com', '192.0.2.1', 11_000)).toEqual({ seconds: 8, scope: 'account' });
  });

  it('forgets an account when it is cleared (right password or reset)', async () => {
    const l = limiter();
    for (let i = 0; i < 6; i++) await l.recordFailure('maya@example.com', '198.51.100.1', 1000);
    await l.clear('MAYA@example.com');
    expect(await l.wait('maya@example.com', '198.51.100.1', 1001)).toBeNull();
  });
});

describe('account locks over HTTP', () => {
  let ctx: TestContext;
  const mailer = createMemoryMailer();
  beforeAll(async () => {
    ctx = await createTestApp({ mailer, env: { AUTH_RATE_LIMIT: '1000', AUTH_ACCOUNT_FAILURES: '3' } });
  });
  afterAll(async () => ctx?.close());

  const signInFrom = (address: string, email: string, password = 'a sturdy wheelbarrow', url = '/api/auth/sign-in/email') =>
    ctx.app.inject({ method: 'POST', url, payload: { email, password }, headers: { origin: ORIGIN }, ...from(address) });

  it('refuses an account to an address after repeated wrong passwords, even with the right one (429)', async () => {
    await createSignedInUser(ctx.app, mailer, 'target@example.com');
    for (let i = 0; i < 3; i++) expect((await signInFrom('198.51.100.7', 'target@example.com', `wrong guess ${i}!`)).statusCode).toBe(401);
    const locked = await signInFrom('198.51.100.7', 'target@example.com');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(errorOf(locked).message).toMatch(
      /Too many failed sign-in attempts for this account\. Please wait 15 minutes and try again, or reset your password\./,
    );
  });

  it("a stranger's failures do not lock the owner out from another address", async () => {
    await createSignedInUser(ctx.app, mailer, 'owner@example.com');
    for (let i = 0; i < 4; i++) await signInFrom('203.0.113.66', 'owner@example.com', `stranger guess ${i}`);
    expect((await signInFrom('203.0.113.66', 'owner@example.com')).statusCode).toBe(429);
    const owner = await signInFrom('192.0.2.10', 'owner@example.com');
    expect(owner.statusCode).toBe(200);
  });

  it.each([
    ['a dot segment', '/api/auth/./sign-in/email'],
    ['a fragment', '/api/auth/sign-in/email#x'],
    ['a parent segment', '/api/auth/x/../sign-in/email'],
    ['an encoded dot', '/api/auth/%2e/sign-in/email'],
    ['a query string', '/api/auth/sign-in/email?x=1'],
  ])('counts a sign-in spelled with %s as a sign-in (raw request line)', async (label, url) => {
    const email = `spelling-${label.replace(/\W/g, '-')}@example.com`;
    await createSignedInUser(ctx.app, mailer, email);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const password = i < 4 ? `wrong guess ${i}` : 'a sturdy wheelbarrow';
      codes.push((await rawPostJson(ctx.app, url, { email, password }, ORIGIN)).statusCode);
    }
    // The right password on the last try is refused too: the account is locked for this address.
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('a successful password reset lifts the lock', async () => {
    await createSignedInUser(ctx.app, mailer, 'forgetful@example.com');
    for (let i = 0; i < 3; i++) await signInFrom('198.51.100.50', 'forgetful@example.com', `not it ${i}`);
    expect((await signInFrom('198.51.100.50', 'forgetful@example.com')).statusCode).toBe(429);
    expect(
      (await post(ctx.app, '/api/auth/request-password-reset', { email: 'forgetful@example.com', redirectTo: '/reset-password' }))
        .statusCode,
    ).toBe(200);
    await ctx.app.jobs.runDue();
    const token = mailer.linkTo('forgetful@example.com', '/reset-password').searchParams.get('token')!;
    expect((await post(ctx.app, '/api/auth/reset-password', { token, newPassword: 'remembered at last 42' })).statusCode).toBe(200);
    expect((await signInFrom('198.51.100.50', 'forgetful@example.com', 'remembered at last 42')).statusCode).toBe(200);
  });
});

describe('per-address limits over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT: '6' } });
  });
  afterAll(async () => ctx?.close());

  it('limits requests per address on each endpoint, however the path is spelled', async () => {
    const spellings = [
      '/api/auth/request-password-reset',
      '/api/auth/./request-password-reset',
      '/api/auth/request-password-reset#x',
      '/api/auth/%2e/request-password-reset',
    ];
    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push((await rawPostJson(ctx.app, spellings[i % spellings.length]!, { email: `reset${i}@example.com` }, ORIGIN)).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.slice(6)).toEqual([429, 429, 429, 429]);
  });

  it('limits sign-up per address (429 with a clear message)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await rawPostJson(
        ctx.app,
        i % 2 ? '/api/auth/./sign-up/email' : '/api/auth/sign-up/email#x',
        { name: 'Flood', email: `flood${i}@example.com`, password: 'flood passphrase 123' },
        ORIGIN,
      );
      codes.push(res.statusCode);
      if (res.statusCode === 429)
        expect((JSON.parse(res.body) as { error: { message: string } }).error.message).toMatch(/Too many attempts from your connection/);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
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
      const res = await post(
        ctx.app,
        '/api/auth/sign-in/email',
        { email: `x${i}@example.com`, password: 'whatever 12345' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 429, 429]);
  });
});
