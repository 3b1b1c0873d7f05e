import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { addBankAccount } from '../../test/bank-account.ts';
import { queryRows } from '../../db/database.ts';
import { postTransaction } from '../ledger/ledger-repository.ts';

/**
 * Twenty withdrawals of the whole balance at the same moment. On PostgreSQL they really run in
 * parallel (a pool of connections): exactly one may succeed and the balance never goes below zero.
 */
describe('concurrent withdrawals of one balance', () => {
  let ctx: TestContext;
  const mailer = createMemoryMailer();
  beforeAll(async () => {
    ctx = await createTestApp({ mailer });
  });
  afterAll(async () => ctx?.close());

  it('20 at once: one succeeds, 19 are refused, and no prefix of the ledger is below zero', async () => {
    const owner = await createSignedInUser(ctx.app, mailer, 'rich@example.com', 'Rich Owner');
    await addBankAccount(ctx.app, owner.cookie);
    const db = ctx.database.db;
    // Earnings released to the owner, as a returned rental would leave them.
    await db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'rental_completed',
        entries: [
          { userId: owner.user.id, account: 'card', amountPence: -4321 },
          { userId: owner.user.id, account: 'available', amountPence: 4321 },
        ],
      }),
    );

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(ctx.app, '/api/me/withdrawals', { amountPence: 4321, idempotencyKey: randomUUID() }, { cookie: owner.cookie }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    expect(new Set(responses.filter((r) => r.statusCode === 400).map((r) => r.json().error.message))).toEqual(
      new Set(['Please enter a valid amount']),
    );

    const available = await queryRows<{ running: number }>(
      db,
      sql`select sum(e.amount_pence) over (order by t.created_at, t.id)::int as running
            from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
           where e.user_id = ${owner.user.id} and e.account = 'available'`,
    );
    expect(Math.min(...available.map((r) => r.running))).toBeGreaterThanOrEqual(0);
    expect(available.at(-1)!.running).toBe(0);
    const withdrawals = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from withdrawals`);
    expect(withdrawals[0]!.n).toBe(1);
  }, 60_000);
});
