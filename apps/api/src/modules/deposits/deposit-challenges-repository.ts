import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { depositCardChallenges, depositHolds } from '../../db/schema.ts';

/** A 3-D Secure challenge for another card given for a scheduled deposit (migration 0082). */
export interface DepositCardChallenge {
  id: string;
  holdId: string;
  rentalId: string;
  renterId: string;
  authenticationId: string;
  amountPence: number;
  brand: string;
  last4: string;
  status: 'awaiting' | 'held' | 'failed';
  createdAt: Date;
}

const selectChallenge = async (db: Db, where: SQL | undefined): Promise<DepositCardChallenge | undefined> => {
  const [row] = await db
    .select({
      id: depositCardChallenges.id,
      holdId: depositCardChallenges.holdId,
      rentalId: depositHolds.rentalId,
      renterId: depositCardChallenges.renterId,
      authenticationId: depositCardChallenges.authenticationId,
      amountPence: depositCardChallenges.amountPence,
      brand: depositCardChallenges.brand,
      last4: depositCardChallenges.last4,
      status: depositCardChallenges.status,
      createdAt: depositCardChallenges.createdAt,
    })
    .from(depositCardChallenges)
    .innerJoin(depositHolds, eq(depositHolds.id, depositCardChallenges.holdId))
    .where(where);
  return row ? { ...row, status: row.status as DepositCardChallenge['status'] } : undefined;
};

async function recordChallenge(db: Db, input: Omit<DepositCardChallenge, 'id' | 'status' | 'rentalId'>): Promise<string> {
  const [row] = await db.insert(depositCardChallenges).values(input).returning({ id: depositCardChallenges.id });
  return row!.id;
}

/** The challenge if it is `renterId`'s (anyone else: undefined). */
const mineChallenge = (db: Db, id: string, renterId: string) =>
  selectChallenge(db, and(eq(depositCardChallenges.id, id), eq(depositCardChallenges.renterId, renterId)));

/** The challenge, whoever's it is (the sweep job's). */
const challengeById = (db: Db, id: string) => selectChallenge(db, eq(depositCardChallenges.id, id));

/**
 * Ends an awaiting challenge; false when it had already ended. Only an awaiting one moves, so of the
 * bank's approval and the sweep (or the deadline) whichever ends it first wins and the other does
 * nothing: each calls this inside its transaction, under the rental's lock.
 */
async function endChallenge(db: Db, id: string, status: 'held' | 'failed', at: Date, executor: Executor = db): Promise<boolean> {
  const rows = await executor
    .update(depositCardChallenges)
    .set({ status, answeredAt: at })
    .where(and(eq(depositCardChallenges.id, id), eq(depositCardChallenges.status, 'awaiting')))
    .returning({ id: depositCardChallenges.id });
  return rows.length > 0;
}

/** Fails every challenge of the hold still awaiting the bank (the deadline cancels the rental): a later approval holds nothing. */
async function failAwaitingOf(db: Db, holdId: string, at: Date, executor: Executor = db): Promise<void> {
  await executor
    .update(depositCardChallenges)
    .set({ status: 'failed', answeredAt: at })
    .where(and(eq(depositCardChallenges.holdId, holdId), eq(depositCardChallenges.status, 'awaiting')));
}

/** The challenges of deposit cards: recorded when the bank asks, ended once by its answer, the sweep or the deadline. */
export function createDepositChallengesRepository(db: Db) {
  return {
    record: withDb(db, recordChallenge),
    mine: withDb(db, mineChallenge),
    byId: withDb(db, challengeById),
    end: withDb(db, endChallenge),
    failAwaitingOf: withDb(db, failAwaitingOf),
  };
}

export type DepositChallengesRepository = ReturnType<typeof createDepositChallengesRepository>;
