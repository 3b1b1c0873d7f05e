import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/database.ts';

/**
 * The writes of a request's answer, inside the transaction that locked the rental row (rental
 * repository's `lockForParty` / `lock`). Each moves a pending request only: a second answer changes nothing.
 */
export function requestWriter(tx: Executor) {
  return {
    async markAccepted(rentalId: string): Promise<boolean> {
      const rows = await queryRows(
        tx as Db,
        sql`update rentals set request_status = 'accepted' where id = ${rentalId} and request_status = 'pending' and cancelled_at is null returning id`,
      );
      return rows.length === 1;
    },

    /** Declined, withdrawn or expired: cancelled_at frees the dates (the no-overlap constraint leaves it out) and nothing was charged. */
    async markClosed(
      rentalId: string,
      status: 'declined' | 'expired' | 'withdrawn',
      by: 'owner' | 'renter' | 'system',
      reason: string,
      at: Date,
    ): Promise<boolean> {
      const rows = await queryRows(
        tx as Db,
        sql`update rentals set request_status = ${status}, cancelled_at = ${at.toISOString()}, cancelled_by = ${by}, cancel_reason = ${reason}, refund_pence = 0
            where id = ${rentalId} and request_status = 'pending' and cancelled_at is null returning id`,
      );
      return rows.length === 1;
    },
  };
}
