import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { post } from '../../test/auth-helpers.ts';

describe('/dev/mailbox', () => {
  let dev: TestContext;
  let prod: TestContext;
  beforeAll(async () => {
    dev = await createTestApp();
    prod = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
  });

  it('lists emails written to the outbox with their links, in development', async () => {
    await post(dev.app, '/api/auth/sign-up/email', {
      name: 'Lee Mail',
      email: 'lee@example.com',
      password: 'a sturdy wheelbarrow',
      callbackURL: '/',
    });
    const res = await dev.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Confirm your email for Toolshed');
    expect(res.body).toContain('lee@example.com');
    expect(res.body).toMatch(/<a href="http:\/\/localhost:3000\/auth\/callback\?token=/);
  });

  it('does not exist in production', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(404);
  });
});
