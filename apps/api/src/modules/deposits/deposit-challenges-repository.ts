import { and, eq } from 'drizzle-orm';
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
}

/** The challenges of deposit cards: recorded when the bank asks, ended once by its answer. */
export function createDepositChallengesRepository(db: Db) {
  return {
    async record(input: Omit<DepositCardChallenge, 'id' | 'status' | 'rentalId'>): Promise<string> {
      const [row] = await db.insert(depositCardChallenges).values(input).returning({ id: depositCardChallenges.id });
      return row!.id;
    },
    /** The challenge if it is `renterId`'s (anyone else: undefined). */
    async mine(id: string, renterId: string): Promise<DepositCardChallenge | undefined> {
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
        })
        .from(depositCardChallenges)
        .innerJoin(depositHolds, eq(depositHolds.id, depositCardChallenges.holdId))
        .where(and(eq(depositCardChallenges.id, id), eq(depositCardChallenges.renterId, renterId)));
      return row ? { ...row, status: row.status as DepositCardChallenge['status'] } : undefined;
    },
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
