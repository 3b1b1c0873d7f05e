import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { queryRows } from '../../db/database.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
beforeAll(async () => {
  ctx = await createTestApp({ mailer, env: { SUPPORT_EMAIL: 'help@toolshed.test' } });
});
afterAll(async () => ctx?.close());

const valid = { name: 'Sam Reed', email: 'sam@example.com', subject: 'Deposit question', message: 'Do owners ever ask for a deposit?' };

describe('POST /api/support-requests', () => {
  it('stores the request and emails it to the support address', async () => {
    const res = await post(ctx.app, '/api/support-requests', valid);
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    const rows = await queryRows<{ subject: string; emailed: boolean; user_id: string | null }>(
      ctx.database.db,
      sql`select subject, emailed_at is not null as emailed, user_id from support_requests where id = ${id}`,
    );
    expect(rows).toEqual([{ subject: 'Deposit question', emailed: true, user_id: null }]);
    const mail = mailer.lastTo('help@toolshed.test');
    expect(mail.subject).toBe('[Support] Deposit question');
    expect(mail.text).toContain('Sam Reed <sam@example.com>');
    expect(mail.text).toContain(id);
  });

  it('links the request to the signed-in user', async () => {
    const { cookie, user } = await createSignedInUser(ctx.app, mailer, 'member@example.com');
    const res = await post(ctx.app, '/api/support-requests', valid, { cookie });
    const rows = await queryRows<{ user_id: string }>(
      ctx.database.db,
      sql`select user_id from support_requests where id = ${(res.json() as { id: string }).id}`,
    );
    expect(rows[0]?.user_id).toBe(user.id);
  });

  it.each([
    ['blank name', { ...valid, name: '  ' }, 'name', 'Please enter your name.'],
    ['missing name', { email: valid.email, subject: valid.subject, message: valid.message }, 'name', 'Please enter your name.'],
    ['bad email', { ...valid, email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    ['empty subject', { ...valid, subject: '' }, 'subject', 'Please enter a subject.'],
    ['short message', { ...valid, message: 'too short' }, 'message', 'Your message must be at least 10 characters.'],
    ['long message', { ...valid, message: 'x'.repeat(5001) }, 'message', 'Your message must be at most 5000 characters.'],
  ])("refuses a %s in the form's own words and stores nothing", async (_label, body, field, message) => {
    const before = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from support_requests`);
    const res = await post(ctx.app, '/api/support-requests', body);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { field: string; message: string } }).error).toMatchObject({ field, message });
    const after = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from support_requests`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('limits messages per address', async () => {
    const limited = await createTestApp({ mailer, env: { SUPPORT_RATE_LIMIT: '2' } });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await post(limited.app, '/api/support-requests', valid)).statusCode);
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
