import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { createUser } from '../test/factories.ts';
import { balances, postTransaction } from '../modules/ledger/ledger-repository.ts';

/** What the database itself refuses, whatever code asks (migration 0024), on both databases. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const credit = (userId: string, pence: number) =>
  postTransaction(db(), {
    kind: 'test_credit',
    entries: [
      { userId, account: 'card', amountPence: -pence },
      { userId, account: 'available', amountPence: pence },
    ],
  });

describe('the database guards the money', () => {
  it('refuses to truncate the ledger, and the entries stay', async () => {
    const user = await createUser(db());
    await credit(user.id, 700);
    await expect(db().execute(sql`truncate ledger_entries`)).rejects.toThrow();
    await expect(db().execute(sql`truncate ledger_transactions cascade`)).rejects.toThrow();
    expect((await balances(db(), user.id)).availablePence).toBe(700);
  });

  it('refuses a posting that takes a user below zero, even a balanced one', async () => {
    const poor = await createUser(db());
    const friend = await createUser(db());
    await credit(poor.id, 300);
    const tooMuch = postTransaction(db(), {
      kind: 'gift',
      entries: [
        { userId: poor.id, account: 'available', amountPence: -301 },
        { userId: friend.id, account: 'available', amountPence: 301 },
      ],
    });
    await expect(tooMuch).rejects.toThrow();
    expect((await balances(db(), poor.id)).availablePence).toBe(300);
    expect((await balances(db(), friend.id)).availablePence).toBe(0);
    // Down to exactly zero is fine.
    await postTransaction(db(), {
      kind: 'gift',
      entries: [
        { userId: poor.id, account: 'available', amountPence: -300 },
        { userId: friend.id, account: 'available', amountPence: 300 },
      ],
    });
    expect((await balances(db(), poor.id)).availablePence).toBe(0);
  });

  it("refuses to change a paid withdrawal's amount or destination", async () => {
    const user = await createUser(db());
    await credit(user.id, 1000);
    const [row] = (
      (await db().execute(
        sql`insert into withdrawals (user_id, idempotency_key, amount_pence, brand, last4, provider, destination, status)
            values (${user.id}, 'k1', 1000, 'visa', '4242', 'simulated', 'tok_1', 'pending') returning id`,
      )) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    await db().execute(sql`update withdrawals set status = 'paid' where id = ${row!.id}`);
    await expect(db().execute(sql`update withdrawals set amount_pence = 1 where id = ${row!.id}`)).rejects.toThrow();
    await expect(db().execute(sql`update withdrawals set destination = 'tok_thief' where id = ${row!.id}`)).rejects.toThrow();
    const [after] = (
      (await db().execute(sql`select amount_pence, destination, status from withdrawals where id = ${row!.id}`)) as unknown as {
        rows: Array<Record<string, unknown>>;
      }
    ).rows;
    expect(after).toEqual({ amount_pence: 1000, destination: 'tok_1', status: 'paid' });
  });
});
