import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rentals } from '../../db/schema.ts';

/** The SQL of the handover time reminders: a rental's chosen times. */
export function createHandoverTimeReminderRepository(db: Db) {
  return {
    async times(rentalId: string): Promise<{ pickupMinutes: number | null; returnMinutes: number | null } | undefined> {
      const [row] = await db
        .select({ pickupMinutes: rentals.pickupMinutes, returnMinutes: rentals.returnMinutes })
        .from(rentals)
        .where(eq(rentals.id, rentalId));
      return row;
    },
  };
}
