import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { rentals } from '../../db/schema.ts';

/** Only a pending request not closed meanwhile moves. */
const stillPending = (rentalId: string) => and(eq(rentals.id, rentalId), eq(rentals.requestStatus, 'pending'), isNull(rentals.cancelledAt));

/**
 * The writes of a request's answer, inside the transaction that locked the rental row (rental
 * repository's `lockForParty` / `lock`). Each moves a pending request only: a second answer changes nothing.
 */
export function requestWriter(tx: Executor) {
  return {
    async markAccepted(rentalId: string): Promise<boolean> {
      const moved = await tx.update(rentals).set({ requestStatus: 'accepted' }).where(stillPending(rentalId)).returning({ id: rentals.id });
      return moved.length === 1;
    },

    /** Declined, withdrawn or expired: cancelled_at frees the dates (the no-overlap constraint leaves it out) and nothing was charged. */
    async markClosed(
      rentalId: string,
      status: 'declined' | 'expired' | 'withdrawn',
      by: 'owner' | 'renter' | 'system',
      reason: string,
      at: Date,
    ): Promise<boolean> {
      const moved = await tx
        .update(rentals)
        .set({ requestStatus: status, cancelledAt: at, cancelledBy: by, cancelReason: reason, refundPence: 0 })
        .where(stillPending(rentalId))
        .returning({ id: rentals.id });
      return moved.length === 1;
    },
  };
}
