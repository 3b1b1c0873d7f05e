import { completionPosting, withdrawalRequestedPosting, withdrawalReturnedPosting } from '@toolshed/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import type { Database } from '../../db/database.ts';
import { balances, postTransaction } from './ledger-repository.ts';
import { savePosting } from './save-posting.ts';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => ({ database, dispose } = await openTestDatabase()));
afterAll(() => dispose());

describe('saving a posting composed in core', () => {
  it('saves it within the caller’s transaction and answers its id', async () => {
    const member = await createUser(database.db);
    await postTransaction(database.db, {
      kind: 'test_credit',
      entries: [
        { userId: member.id, account: 'card', amountPence: -500 },
        { userId: member.id, account: 'available', amountPence: 500 },
      ],
    });
    const id = await database.db.transaction((tx) =>
      savePosting(tx, withdrawalRequestedPosting({ withdrawalId: crypto.randomUUID(), userId: member.id, amountPence: 200 })),
    );
    expect(id).toEqual(expect.any(String));
    expect(await balances(database.db, member.id)).toMatchObject({ availablePence: 300, pendingDebitsPence: 200 });
  });

  it('saves nothing when the posting moves nothing', async () => {
    const owner = await createUser(database.db);
    const nothing = completionPosting({ rentalId: crypto.randomUUID(), paymentId: null, ownerId: owner.id, ownerPendingPence: 0 });
    expect(await savePosting(database.db, nothing)).toBeNull();
    expect((await balances(database.db, owner.id)).lastUpdated).toBeNull();
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const member = await createUser(database.db);
    await expect(
      database.db.transaction(async (tx) => {
        await savePosting(tx, withdrawalReturnedPosting({ withdrawalId: crypto.randomUUID(), userId: member.id, amountPence: 100 }));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await balances(database.db, member.id)).lastUpdated).toBeNull();
  });
});
