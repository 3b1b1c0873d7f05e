import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { confirmEmail, post } from '../../test/auth-helpers.ts';

describe('session cookie in production', () => {
  let ctx: TestContext;
  const mailer = createMemoryMailer();
  beforeAll(async () => {
    ctx = await createTestApp({ mailer, env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => ctx?.close());

  it('is Secure as well as httpOnly and SameSite=Lax', async () => {
    // In production a state-changing request must be addressed to APP_URL's host (http://localhost:3000 here).
    await post(
      ctx.app,
      '/api/auth/sign-up/email',
      { name: 'Prod', email: 'prod@example.com', password: 'a sturdy wheelbarrow' },
      { host: 'localhost:3000' },
    );
    const res = await confirmEmail(ctx.app, mailer, 'prod@example.com');
    const cookie = res.cookies.find((c) => c.name.endsWith('toolshed.session_token'));
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
