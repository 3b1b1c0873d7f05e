import { and, count, eq, isNull, not } from 'drizzle-orm';
import type { HandoverSide } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import { toInt } from '../../db/row-values.ts';
import { handoverPhotos, rentals } from '../../db/schema.ts';

/** The SQL of the handover photo reminders. */
export function createHandoverReminderRepository(db: Db) {
  return {
    /** Booked rentals (not cancelled, not returned) whose start date (pickup) or end date (return) is `date`. */
    rentalsOn: (side: HandoverSide, date: string) =>
      db
        .select({ id: rentals.id })
        .from(rentals)
        .where(and(eq(side === 'pickup' ? rentals.startDate : rentals.endDate, date), not(rentals.returned), isNull(rentals.cancelledAt))),

    async photoCount(rentalId: string, side: HandoverSide): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(handoverPhotos)
        .where(and(eq(handoverPhotos.rentalId, rentalId), eq(handoverPhotos.side, side)));
      return row ? toInt(row.n, 'n') : 0;
    },
  };
}
