import { and, count, desc, eq } from 'drizzle-orm';
import { withdrawalRequestedPosting, withdrawalReturnedPosting, withdrawalSettledPosting } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { withdrawals } from '../../db/schema.ts';
import { spendFromBalances } from '../ledger/ledger-repository.ts';
import { savePosting } from '../ledger/save-posting.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export type CreateResult =
  { kind: 'created'; withdrawal: WithdrawalRow } | { kind: 'existing'; withdrawal: WithdrawalRow } | { kind: 'insufficient' };

/**
 * Moves the amount from available to payout_pending and records the withdrawal, in one
 * transaction that holds the user's row (`spendFromBalances`, the lock every spender of a
 * balance takes): concurrent withdrawals, extensions paid from the balance and refunds taken from
 * it queue there, and each sees the balance the previous one left, so it never goes below zero.
 * The idempotency key is looked up under the lock too, so a repeated request finds the first.
 */
async function createWithdrawal(
  db: Db,
  input: {
    userId: string;
    idempotencyKey: string;
    amountPence: number;
    bank: { name: string; sortCode: string; last4: string };
    provider: string;
    destination: string;
    now: Date;
    inTransaction: (tx: Executor, withdrawal: WithdrawalRow) => Promise<void>;
  },
): Promise<CreateResult> {
  return db.transaction(async (tx) => {
    let result = { kind: 'insufficient' } as CreateResult;
    const spent = await spendFromBalances(tx, [input.userId], async (available) => {
      const [existing] = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, input.userId), eq(withdrawals.idempotencyKey, input.idempotencyKey)));
      if (existing) {
        result = { kind: 'existing', withdrawal: existing };
        return null;
      }
      if (input.amountPence > available[input.userId]!) return null;
      const [withdrawal] = await tx
        .insert(withdrawals)
        .values({
          userId: input.userId,
          idempotencyKey: input.idempotencyKey,
          amountPence: input.amountPence,
          method: 'bank',
          accountName: input.bank.name,
          sortCode: input.bank.sortCode,
          last4: input.bank.last4,
          provider: input.provider,
          destination: input.destination,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      result = { kind: 'created', withdrawal: withdrawal! };
      return withdrawalRequestedPosting({ withdrawalId: withdrawal!.id, userId: input.userId, amountPence: input.amountPence });
    });
    // Checked above before the withdrawal was recorded; refused here, nothing of it would commit.
    if (spent.kind === 'short') throw new Error('A withdrawal was recorded beyond the balance.');
    if (result.kind === 'created') await input.inTransaction(tx, result.withdrawal);
    return result;
  });
}

/**
 * Ends a pending withdrawal: paid moves the amount from payout_pending to paid_out; failed gives
 * it back to available. Returns null when it was no longer pending (the job ran twice).
 */
async function settleWithdrawal(
  db: Db,
  id: string,
  outcome: { status: 'paid'; payoutReference: string } | { status: 'failed'; reason: string },
  now: Date,
  inTransaction: (tx: Executor, withdrawal: WithdrawalRow) => Promise<void>,
): Promise<WithdrawalRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({
        status: outcome.status,
        failureReason: outcome.status === 'failed' ? outcome.reason : null,
        ...(outcome.status === 'paid' && { payoutReference: outcome.payoutReference }),
        updatedAt: now,
        finishedAt: now,
      })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    if (!row) return null;
    await savePosting(
      tx,
      withdrawalSettledPosting({ withdrawalId: row.id, userId: row.userId, amountPence: row.amountPence, outcome: outcome.status }),
    );
    await inTransaction(tx, row);
    return row;
  });
}

/** Withdrawals and their ledger movements (SQL only; the rules are in withdrawal-service.ts). */
export function createWithdrawalRepository(db: Db) {
  return {
    async byKey(userId: string, key: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key)));
      return row;
    },

    async find(id: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      return row;
    },

    /** A member's withdrawals, newest first: `limit` of them after `offset`. */
    async recent(userId: string, limit: number, offset = 0): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
        .offset(offset);
    },

    /** How many withdrawals a member has asked for. */
    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId));
      return row?.n ?? 0;
    },

    create: withDb(db, createWithdrawal),

    settle: withDb(db, settleWithdrawal),

    /**
     * A paid withdrawal the bank sent back: returned, and the amount from paid_out back to available,
     * in one transaction. Returns null when it was not paid (already returned: the job ran twice).
     */
    async markReturned(
      id: string,
      reason: string,
      now: Date,
      inTransaction: (tx: Executor, withdrawal: WithdrawalRow) => Promise<void>,
    ): Promise<WithdrawalRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(withdrawals)
          .set({ status: 'returned', failureReason: reason, updatedAt: now, returnedAt: now })
          .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'paid')))
          .returning();
        if (!row) return null;
        await savePosting(tx, withdrawalReturnedPosting({ withdrawalId: row.id, userId: row.userId, amountPence: row.amountPence }));
        await inTransaction(tx, row);
        return row;
      });
    },
  };
}

export type WithdrawalRepository = ReturnType<typeof createWithdrawalRepository>;
