import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import type { Database } from '../../db/database.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
import { balances, postTransaction } from './ledger-repository.ts';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => ({ database, dispose } = await openTestDatabase()));
afterAll(() => dispose());

describe('the ledger', () => {
  it('posts balanced transactions and sums balances per account', async () => {
    const renter = await createUser(database.db);
    const owner = await createUser(database.db);
    await postTransaction(database.db, {
      kind: 'checkout',
      entries: [
        { userId: renter.id, account: 'card', amountPence: -1100 },
        { userId: owner.id, account: 'pending', amountPence: 1000 },
        { userId: null, account: 'fees', amountPence: 100 },
      ],
    });
    await postTransaction(database.db, {
      kind: 'rental_completed',
      entries: [
        { userId: owner.id, account: 'pending', amountPence: -1000 },
        { userId: owner.id, account: 'available', amountPence: 1000 },
      ],
    });
    expect(await balances(database.db, owner.id)).toMatchObject({ availablePence: 1000, pendingCreditsPence: 0, pendingDebitsPence: 0 });
    expect((await balances(database.db, owner.id)).lastUpdated).toBeInstanceOf(Date);
    expect(await balances(database.db, renter.id)).toMatchObject({ availablePence: 0, pendingCreditsPence: 0 });
  });

  it('refuses unbalanced entries before they reach the database', async () => {
    const user = await createUser(database.db);
    await expect(
      postTransaction(database.db, {
        kind: 'bad',
        entries: [
          { userId: user.id, account: 'available', amountPence: 5 },
          { userId: null, account: 'fees', amountPence: 0 },
        ],
      }),
    ).rejects.toThrow('sum to zero');
  });

  it('the database itself refuses a transaction whose entries do not sum to zero', async () => {
    const user = await createUser(database.db);
    const attempt = database.db.transaction(async (tx) => {
      const [t] = await tx.insert(ledgerTransactions).values({ kind: 'forged' }).returning();
      await tx
        .insert(ledgerEntries)
        .values({ transactionId: t!.id, userId: user.id, account: 'available', kind: 'forged', amountPence: 1_000_000 });
    });
    await expect(attempt).rejects.toThrow();
    expect(await balances(database.db, user.id)).toMatchObject({ availablePence: 0 });
  });

  it('entries are never changed or deleted', async () => {
    const a = await createUser(database.db);
    const b = await createUser(database.db);
    await postTransaction(database.db, {
      kind: 'gift',
      entries: [
        { userId: a.id, account: 'card', amountPence: -5 },
        { userId: b.id, account: 'available', amountPence: 5 },
      ],
    });
    await expect(database.db.execute(sql`update ledger_entries set amount_pence = 500 where user_id = ${b.id}`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_entries where user_id = ${b.id}`)).rejects.toThrow();
    expect(await balances(database.db, b.id)).toMatchObject({ availablePence: 5 });
  });
});
