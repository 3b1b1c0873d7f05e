import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import type { Database } from '../../db/database.ts';
import { registerErrorHandler } from '../../platform/http/error-handler.ts';
import { balances, postTransaction, spendFromBalances, type LedgerTransactionInput } from './ledger-repository.ts';
import { BALANCE_NOT_ENOUGH, isOverdraft } from './overdraft.ts';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => ({ database, dispose } = await openTestDatabase()));
afterAll(() => dispose());

const credit = (userId: string, pence: number) =>
  postTransaction(database.db, {
    kind: 'test_credit',
    entries: [
      { userId, account: 'card', amountPence: -pence },
      { userId, account: 'available', amountPence: pence },
    ],
  });
/** `from` pays `pence` of their available balance to `to`'s. */
const payment = (from: string, to: string, pence: number): LedgerTransactionInput => ({
  kind: 'test_payment',
  entries: [
    { userId: from, account: 'available', amountPence: -pence },
    { userId: to, account: 'available', amountPence: pence },
  ],
});

describe('spending from a balance', () => {
  it('posts what the balance covers, down to zero, and refuses more, posting nothing', async () => {
    const payer = await createUser(database.db);
    const payee = await createUser(database.db);
    await credit(payer.id, 1000);
    const seen: Array<Record<string, number>> = [];
    const first = await database.db.transaction((tx) =>
      spendFromBalances(tx, [payer.id], (available) => (seen.push({ ...available }), payment(payer.id, payee.id, 600))),
    );
    expect(first).toEqual({ kind: 'posted', transactionId: expect.any(String) });
    const second = await database.db.transaction((tx) => spendFromBalances(tx, [payer.id], () => payment(payer.id, payee.id, 401)));
    expect(second).toEqual({ kind: 'short', userId: payer.id, availablePence: 400, spentPence: 401 });
    const last = await database.db.transaction((tx) => spendFromBalances(tx, [payer.id], () => payment(payer.id, payee.id, 400)));
    expect(last.kind).toBe('posted');
    expect(seen).toEqual([{ [payer.id]: 1000 }]);
    expect((await balances(database.db, payer.id)).availablePence).toBe(0);
    expect((await balances(database.db, payee.id)).availablePence).toBe(1000);
    // Nothing to post is no spending at all.
    expect(await database.db.transaction((tx) => spendFromBalances(tx, [payer.id], () => null))).toEqual({
      kind: 'posted',
      transactionId: null,
    });
  });

  it('refuses to take from a balance it did not lock, and credits any without a lock', async () => {
    const payer = await createUser(database.db);
    const payee = await createUser(database.db);
    await credit(payer.id, 500);
    const unlocked = database.db.transaction((tx) => spendFromBalances(tx, [payee.id], () => payment(payer.id, payee.id, 100)));
    await expect(unlocked).rejects.toThrow('must lock it first');
    expect((await balances(database.db, payer.id)).availablePence).toBe(500);
    const credited = await database.db.transaction((tx) => spendFromBalances(tx, [payer.id], () => payment(payer.id, payee.id, 100)));
    expect(credited.kind).toBe('posted');
    expect((await balances(database.db, payee.id)).availablePence).toBe(100);
  });

  it('ten spenders of one balance at once: each reads what the previous left, exactly what it covers is posted', async () => {
    const payer = await createUser(database.db);
    const payee = await createUser(database.db);
    await credit(payer.id, 3000);
    // On PostgreSQL these run on ten connections at once; the row lock puts them in a queue.
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction((tx) => spendFromBalances(tx, [payer.id], () => payment(payer.id, payee.id, 1000))),
      ),
    );
    expect(results.filter((r) => r.kind === 'posted')).toHaveLength(3);
    expect(results.filter((r) => r.kind === 'short')).toHaveLength(7);
    expect((await balances(database.db, payer.id)).availablePence).toBe(0);
  });
});

describe('the deferred balance check, should a spender miss the lock', () => {
  async function answerOf(work: () => Promise<unknown>) {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/spend', async () => {
      await work();
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/spend' });
    await app.close();
    return { status: res.statusCode, body: res.json() as unknown };
  }

  it('answers 409 with a message when the commit would leave an available balance below zero', async () => {
    const payer = await createUser(database.db);
    const payee = await createUser(database.db);
    await credit(payer.id, 300);
    // Posted without the lock or a check: only the database's deferred trigger refuses it, at commit.
    const overdraw = () => database.db.transaction((tx) => postTransaction(tx, payment(payer.id, payee.id, 301)));
    const caught = await overdraw().catch((err: unknown) => err);
    expect(isOverdraft(caught)).toBe(true);
    expect(await answerOf(overdraw)).toEqual({ status: 409, body: { error: { code: 'CONFLICT', message: BALANCE_NOT_ENOUGH } } });
    expect((await balances(database.db, payer.id)).availablePence).toBe(300);
  });

  it('leaves every other refusal of the database an error: another account below zero, a truncated ledger', async () => {
    const owner = await createUser(database.db);
    const pendingBelowZero = () =>
      database.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'test_forged',
          entries: [
            { userId: owner.id, account: 'pending', amountPence: -5 },
            { userId: owner.id, account: 'available', amountPence: 5 },
          ],
        }),
      );
    const truncate = () => database.db.execute(sql`truncate ledger_entries`);
    for (const work of [pendingBelowZero, truncate]) {
      const caught = await work().catch((err: unknown) => err);
      expect(isOverdraft(caught)).toBe(false);
      expect((await answerOf(work)).status).toBe(500);
    }
    expect(isOverdraft(new Error('the available balance of user x would be -1 pence: a balance never goes below zero'))).toBe(false);
  });
});
