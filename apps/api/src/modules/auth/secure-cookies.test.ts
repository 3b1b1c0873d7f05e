import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { confirmEmail, signUp } from '../../test/auth-helpers.ts';

describe('session cookie in production', () => {
  let ctx: TestContext;
  const mailer = createMemoryMailer();
  beforeAll(async () => {
    ctx = await createTestApp({ mailer, env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => ctx?.close());

  it('is Secure as well as httpOnly and SameSite=Lax', async () => {
    await signUp(ctx.app, 'prod@example.com');
    const res = await confirmEmail(ctx.app, mailer, 'prod@example.com');
    const cookie = res.cookies.find((c) => c.name.endsWith('toolshed.session_token'));
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
