import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';

describe('checkout attempts per person', () => {
  let ctx: TestContext;
  const mailer = createMemoryMailer();
  beforeAll(async () => {
    ctx = await createTestApp({ mailer, env: { CHECKOUT_RATE_LIMIT: '2' } });
  });
  afterAll(async () => ctx?.close());

  const attempt = (cookie: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { origin: ORIGIN, cookie },
      payload: { lines: [], card: {}, idempotencyKey: 'k' },
    });

  it('are limited per person, whoever else is checking out', async () => {
    const ann = await createSignedInUser(ctx.app, mailer, 'ann@example.com');
    const bob = await createSignedInUser(ctx.app, mailer, 'bob@example.com');
    expect((await attempt(ann.cookie)).statusCode).toBe(400);
    expect((await attempt(ann.cookie)).statusCode).toBe(400);
    const third = await attempt(ann.cookie);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect((await attempt(bob.cookie)).statusCode).toBe(400);
  });
});
