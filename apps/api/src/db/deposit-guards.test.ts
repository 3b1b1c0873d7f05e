import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositHeldPosting, depositSettledPosting } from '@toolshed/core';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { createItem, createRental, createUser, insertCategories } from '../test/factories.ts';
import { postTransaction } from '../modules/ledger/ledger-repository.ts';
import { queryRows } from './database.ts';

/** What the database itself refuses about deposits and claims, whatever code asks (migration 0025), on both databases. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await insertCategories(ctx.database.db);
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;

async function heldDeposit(amount = 5000) {
  const owner = await createUser(db());
  const renter = await createUser(db());
  const item = await createItem(db(), owner.id, { depositPence: amount });
  const rental = await createRental(db(), item, renter.id, 1, 2);
  const [hold] = await queryRows<{ id: string }>(
    db(),
    sql`insert into deposit_holds (rental_id, renter_id, owner_id, amount_pence, provider, authorization_id)
        values (${rental.id}, ${renter.id}, ${owner.id}, ${amount}, 'simulated', 'auth_1') returning id`,
  );
  await postTransaction(db(), depositHeldPosting({ holdId: hold!.id, rentalId: rental.id, renterId: renter.id, amountPence: amount }));
  return { holdId: hold!.id, rentalId: rental.id, renterId: renter.id, ownerId: owner.id };
}

const holdRow = async (id: string) =>
  (await queryRows<Record<string, unknown>>(db(), sql`select status, captured_pence from deposit_holds where id = ${id}`))[0];
const capture = (id: string, pence: number) =>
  db().execute(sql`update deposit_holds set status = 'captured', captured_pence = ${pence}, settled_at = now() where id = ${id}`);

describe('the database guards deposits', () => {
  it('refuses to capture a hold twice, or a released one, and keeps the first settlement', async () => {
    const { holdId } = await heldDeposit();
    await capture(holdId, 2000);
    await expect(capture(holdId, 3000)).rejects.toThrow();
    await expect(
      db().execute(sql`update deposit_holds set status = 'released', captured_pence = 0 where id = ${holdId}`),
    ).rejects.toThrow();
    expect(await holdRow(holdId)).toEqual({ status: 'captured', captured_pence: 2000 });

    const released = await heldDeposit();
    await db().execute(
      sql`update deposit_holds set status = 'released', captured_pence = 0, settled_at = now() where id = ${released.holdId}`,
    );
    await expect(capture(released.holdId, 100)).rejects.toThrow();
    expect(await holdRow(released.holdId)).toEqual({ status: 'released', captured_pence: 0 });
  });

  it('refuses a capture above the hold, a settlement without its amount, a changed amount and a deletion', async () => {
    const { holdId } = await heldDeposit(5000);
    await expect(capture(holdId, 5001)).rejects.toThrow();
    await expect(
      db().execute(sql`update deposit_holds set status = 'captured', settled_at = now() where id = ${holdId}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`update deposit_holds set amount_pence = 9000 where id = ${holdId}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from deposit_holds where id = ${holdId}`)).rejects.toThrow();
    await expect(
      db().execute(
        sql`update items set deposit_pence = 100001 where id = (select item_id from rentals r join deposit_holds h on h.rental_id = r.id where h.id = ${holdId})`,
      ),
    ).rejects.toThrow();
    expect(await holdRow(holdId)).toEqual({ status: 'held', captured_pence: null });
  });

  it('refuses a posting that takes a deposit held below zero, even a balanced one', async () => {
    const { holdId, rentalId, renterId, ownerId } = await heldDeposit(3000);
    const settle = { holdId, rentalId, renterId, ownerId, heldPence: 3000, capturedPence: 1000 };
    await postTransaction(db(), depositSettledPosting(settle));
    // Settling the same hold again would take deposit_held to -3000: the ledger refuses it at commit.
    await expect(postTransaction(db(), depositSettledPosting(settle))).rejects.toThrow();
    const [total] = await queryRows<{ n: number }>(
      db(),
      sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries where user_id = ${renterId} and account = 'deposit_held'`,
    );
    expect(total!.n).toBe(0);
  });

  it("keeps a claim's amount fixed and its status moving forward", async () => {
    const { rentalId, ownerId } = await heldDeposit();
    const [claim] = await queryRows<{ id: string }>(
      db(),
      sql`insert into rental_claims (rental_id, by_user_id, by_role, kind, amount_pence, note) values (${rentalId}, ${ownerId}, 'owner', 'damaged', 2000, 'Cracked') returning id`,
    );
    const id = claim!.id;
    await expect(db().execute(sql`update rental_claims set amount_pence = 4000 where id = ${id}`)).rejects.toThrow();
    await expect(db().execute(sql`update rental_claims set status = 'escalated' where id = ${id}`)).rejects.toThrow();
    await db().execute(sql`update rental_claims set status = 'accepted' where id = ${id}`);
    await expect(db().execute(sql`update rental_claims set status = 'open' where id = ${id}`)).rejects.toThrow();
    // One claim per rental and problem.
    await expect(
      db().execute(
        sql`insert into rental_claims (rental_id, by_user_id, by_role, kind, amount_pence, note) values (${rentalId}, ${ownerId}, 'owner', 'damaged', 100, 'Again')`,
      ),
    ).rejects.toThrow();
    const rows = await queryRows<Record<string, unknown>>(
      db(),
      sql`select status, amount_pence from rental_claims where rental_id = ${rentalId}`,
    );
    expect(rows).toEqual([{ status: 'accepted', amount_pence: 2000 }]);
  });

  it('lets a claim go down before it is settled, and withdrawn, and then never changes its outcome', async () => {
    const { rentalId, ownerId } = await heldDeposit();
    const [claim] = await queryRows<{ id: string }>(
      db(),
      sql`insert into rental_claims (rental_id, by_user_id, by_role, kind, amount_pence, note) values (${rentalId}, ${ownerId}, 'owner', 'missing_parts', 2000, 'Bag') returning id`,
    );
    const id = claim!.id;
    await db().execute(sql`update rental_claims set amount_pence = 1500, lowered_at = now() where id = ${id}`);
    await expect(db().execute(sql`update rental_claims set amount_pence = 1600 where id = ${id}`)).rejects.toThrow();
    // A proposal is whole (amount, side and time) or absent; withdrawn says when.
    await expect(db().execute(sql`update rental_claims set proposed_pence = 1000 where id = ${id}`)).rejects.toThrow();
    await expect(db().execute(sql`update rental_claims set status = 'withdrawn' where id = ${id}`)).rejects.toThrow();
    await db().execute(sql`update rental_claims set status = 'withdrawn', withdrawn_at = now() where id = ${id}`);
    await expect(db().execute(sql`update rental_claims set status = 'accepted', accepted_at = now() where id = ${id}`)).rejects.toThrow();
    await expect(db().execute(sql`update rental_claims set amount_pence = 100 where id = ${id}`)).rejects.toThrow();
    await expect(
      db().execute(sql`update rental_claims set proposed_pence = 100, proposed_by_role = 'renter', proposed_at = now() where id = ${id}`),
    ).rejects.toThrow();
    // Its words may still be cleared (a deleted account's).
    await db().execute(sql`update rental_claims set note = '' where id = ${id}`);
    const rows = await queryRows<Record<string, unknown>>(
      db(),
      sql`select status, amount_pence, note, proposed_pence from rental_claims where id = ${id}`,
    );
    expect(rows).toEqual([{ status: 'withdrawn', amount_pence: 1500, note: '', proposed_pence: null }]);
  });
});
