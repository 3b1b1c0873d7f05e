import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
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

/** The challenges of deposit cards: recorded when the bank asks, ended once by its answer. */
export function createDepositChallengesRepository(db: Db) {
  async function select(where: SQL | undefined): Promise<DepositCardChallenge | undefined> {
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
  }
  return {
    async record(input: Omit<DepositCardChallenge, 'id' | 'status' | 'rentalId'>): Promise<string> {
      const [row] = await db.insert(depositCardChallenges).values(input).returning({ id: depositCardChallenges.id });
      return row!.id;
    },
    /** The challenge if it is `renterId`'s (anyone else: undefined). */
    mine: (id: string, renterId: string) => select(and(eq(depositCardChallenges.id, id), eq(depositCardChallenges.renterId, renterId))),
    /** The challenge, whoever's it is (the sweep job's). */
    byId: (id: string) => select(eq(depositCardChallenges.id, id)),

    /** Ends an awaiting challenge; false when it was already answered. */
    async end(id: string, status: 'held' | 'failed', at: Date): Promise<boolean> {
      const rows = await db
        .update(depositCardChallenges)
        .set({ status, answeredAt: at })
        .where(and(eq(depositCardChallenges.id, id), eq(depositCardChallenges.status, 'awaiting')))
        .returning({ id: depositCardChallenges.id });
      return rows.length > 0;
    },
  };
}

export type DepositChallengesRepository = ReturnType<typeof createDepositChallengesRepository>;
