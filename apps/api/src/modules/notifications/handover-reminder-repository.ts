import { sql } from 'drizzle-orm';
import type { HandoverSide } from '@toolshed/core';
import { queryRows, type Db } from '../../db/database.ts';
import { toInt } from '../../db/row-values.ts';

/** The SQL of the handover photo reminders. */
export function createHandoverReminderRepository(db: Db) {
  return {
    /** Booked rentals (not cancelled, not returned) whose start date (pickup) or end date (return) is `date`. */
    rentalsOn: (side: HandoverSide, date: string) =>
      queryRows<{ id: string }>(
        db,
        side === 'pickup'
          ? sql`select id from rentals where start_date = ${date}::date and not returned and cancelled_at is null`
          : sql`select id from rentals where end_date = ${date}::date and not returned and cancelled_at is null`,
      ),

    async photoCount(rentalId: string, side: HandoverSide): Promise<number> {
      const rows = await queryRows<{ n: unknown }>(
        db,
        sql`select count(*)::int as n from handover_photos where rental_id = ${rentalId}::uuid and side = ${side}`,
      );
      return rows[0] ? toInt(rows[0].n, 'n') : 0;
    },
  };
}
