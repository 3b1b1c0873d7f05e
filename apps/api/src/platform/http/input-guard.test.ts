import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
let cookie: string;
const mailer = createMemoryMailer();
beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  ({ cookie } = await createSignedInUser(ctx.app, mailer, 'guard@example.com'));
});
afterAll(async () => ctx?.close());

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string; field?: string } }).error;
const item = {
  name: 'Drill',
  description: 'A drill',
  dailyRatePence: 500,
  categoryId: 'power-tools',
  minDays: 1,
  maxDays: 3,
  address: '1 High St',
  city: 'Leeds',
  postcode: 'LS1 1AA',
};

describe('input the database cannot hold', () => {
  it.each([
    [
      'a NUL in a public search',
      () => ctx.app.inject({ method: 'GET', url: '/api/categories/power-tools/items?search=drill%00' }),
      'search',
    ],
    ['a NUL in a path parameter', () => ctx.app.inject({ method: 'GET', url: '/api/owners/abc%00' }), 'ownerId'],
    [
      'a NUL in the contact form',
      () =>
        post(ctx.app, '/api/support-requests', { name: 'A', email: 'a@example.com', subject: 'Hi', message: 'hello there\u0000 friend' }),
      'message',
    ],
    [
      'a NUL in a sign-up name',
      () => post(ctx.app, '/api/auth/sign-up/email', { name: 'Ma\u0000ya', email: 'nul@example.com', password: 'a sturdy wheelbarrow' }),
      'name',
    ],
    [
      'a lone surrogate in a reset email',
      () => post(ctx.app, '/api/auth/request-password-reset', { email: 'x\ud800@example.com' }),
      'email',
    ],
  ])('%s is 400 naming the field', async (_label, send, field) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION', field });
    expect(errorOf(res).message).toMatch(/cannot be stored/);
  });

  it('is refused on unknown routes too, without a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/no-such-route?x=%00',
      payload: { a: 'b\u0000' },
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBeLessThan(500);
  });

  it('creates nothing from a refused sign-up', async () => {
    const res = await post(ctx.app, '/api/auth/sign-up/email', {
      name: 'Maya',
      email: 'nul2@example.com',
      password: 'a sturdy wheel\u0000barrow',
    });
    expect(res.statusCode).toBe(400);
    expect(mailer.sent.some((m) => m.to === 'nul2@example.com')).toBe(false);
  });
});

describe('bodies of the wrong shape', () => {
  it('JSON nested 100,000 deep on an auth endpoint is 400, not a stack overflow', async () => {
    const payload = `{"email":${'['.repeat(100_000)}${']'.repeat(100_000)},"password":"x"}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload,
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('The request is nested too deeply.');
  });

  it.each(['POST /api/items', 'PUT /api/items/00000000-0000-4000-8000-000000000000'])('a null body on %s is 400', async (route) => {
    const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
    const res = await ctx.app.inject({
      method,
      url,
      payload: 'null',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION');
  });

  it('a multipart body where JSON is expected is 415', async () => {
    const boundary = 'x-boundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nDrill\r\n--${boundary}--\r\n`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/items',
      payload,
      headers: { cookie, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).message).toMatch(/as JSON/);
  });

  it('an impossible date at checkout is 400, not a RangeError', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/items', payload: item, headers: { cookie, origin: ORIGIN } });
    expect(created.statusCode, created.body).toBe(201);
    const itemId = (created.json() as { id: string }).id;
    const lines = [{ itemId, startDate: '2027-02-30', endDate: '2027-03-02' }];
    const check = await post(ctx.app, '/api/wheelbarrow/check', { lines }, { cookie });
    expect(check.statusCode).toBe(400);
    const res = await post(
      ctx.app,
      '/api/checkout',
      { lines, card: { number: '4242424242424242', expiry: '12/30', cvv: '123', name: 'A B' }, idempotencyKey: 'abcdefgh12' },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION', field: 'lines.0.startDate' });
  });
});
