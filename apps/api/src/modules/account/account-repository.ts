import { and, eq, gte, isNull, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { toIsoDate } from '../../db/row-values.ts';
import { items, rentals, users } from '../../db/schema.ts';

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
  /** A request to book still waiting for the owner's answer. */
  requested: boolean;
  /** The last day a pending extension holds (YYYY-MM-DD), or null. */
  heldEndDate: string | null;
  /** The handover times chosen (minutes after midnight, London), or null. */
  pickupMinutes: number | null;
  returnMinutes: number | null;
}

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
      const owner = alias(users, 'owner');
      const renter = alias(users, 'renter');
      const rows = await db
        .select({
          id: rentals.id,
          itemId: rentals.itemId,
          itemName: items.name,
          startDate: rentals.startDate,
          endDate: rentals.endDate,
          role: sql<FeedRental['role']>`case when ${rentals.renterId} = ${userId} then 'renter' else 'owner' end`,
          otherName: sql<string>`case when ${rentals.renterId} = ${userId} then ${owner.name} else ${renter.name} end`,
          requested: sql<boolean>`coalesce(${rentals.requestStatus} = 'pending', false)`,
          heldEndDate: rentals.heldEndDate,
          pickupMinutes: rentals.pickupMinutes,
          returnMinutes: rentals.returnMinutes,
        })
        .from(rentals)
        .innerJoin(items, eq(items.id, rentals.itemId))
        .innerJoin(owner, eq(owner.id, rentals.ownerId))
        .innerJoin(renter, eq(renter.id, rentals.renterId))
        .where(
          and(
            or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId)),
            isNull(rentals.cancelledAt),
            not(rentals.returned),
            gte(rentals.endDate, today),
          ),
        )
        .orderBy(rentals.startDate, rentals.id);
      return rows.map((r) => ({
        ...r,
        startDate: toIsoDate(r.startDate, 'start_date'),
        endDate: toIsoDate(r.endDate, 'end_date'),
        requested: r.requested === true,
        heldEndDate: r.heldEndDate === null ? null : toIsoDate(r.heldEndDate, 'held_end_date'),
      }));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
