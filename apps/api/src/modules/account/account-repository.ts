import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import { toIsoDate } from '../../db/row-values.ts';
import { users } from '../../db/schema.ts';

/** A rental in the user's calendar feed, from their side. */
export interface FeedRental {
  id: string;
  itemId: string;
  itemName: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  role: 'renter' | 'owner';
  otherName: string;
}

interface FeedRentalRow {
  id: string;
  item_id: string;
  item_name: string;
  start_date: unknown;
  end_date: unknown;
  role: 'renter' | 'owner';
  other_name: string;
}

const toFeedRental = (r: FeedRentalRow): FeedRental => ({
  id: r.id,
  itemId: r.item_id,
  itemName: r.item_name,
  startDate: toIsoDate(r.start_date, 'start_date'),
  endDate: toIsoDate(r.end_date, 'end_date'),
  role: r.role,
  otherName: r.other_name,
});

/** The account module's SQL: the calendar feed token and the rentals it lists. */
export function createAccountRepository(db: Db) {
  return {
    async setCalendarTokenHash(userId: string, hash: string | null): Promise<void> {
      await db.update(users).set({ calendarTokenHash: hash, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    async userByCalendarTokenHash(hash: string): Promise<{ id: string; name: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.calendarTokenHash, hash), sql`${users.deletedAt} is null`));
      return row;
    },

    /** Rentals the user takes and bookings of their items: not cancelled, not returned, ending today or later. */
    async feedRentals(userId: string, today: string): Promise<FeedRental[]> {
      const rows = await queryRows<FeedRentalRow>(
        db,
        sql`select r.id, r.item_id, i.name as item_name,
                   to_char(r.start_date, 'YYYY-MM-DD') as start_date, to_char(r.end_date, 'YYYY-MM-DD') as end_date,
                   case when r.renter_id = ${userId} then 'renter' else 'owner' end as role,
                   case when r.renter_id = ${userId} then o.name else rn.name end as other_name
            from rentals r
            join items i on i.id = r.item_id
            join users o on o.id = r.owner_id
            join users rn on rn.id = r.renter_id
            where (r.renter_id = ${userId} or r.owner_id = ${userId})
              and r.cancelled_at is null and not r.returned and r.end_date >= ${today}::date
            order by r.start_date, r.id`,
      );
      return rows.map(toFeedRental);
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
