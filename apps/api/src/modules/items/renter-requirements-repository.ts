import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { RenterRequirements, RenterStanding } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import { toInt } from '../../db/row-values.ts';
import { items, rentals, users } from '../../db/schema.ts';

export interface ItemRequirementsRow extends RenterRequirements {
  id: string;
  name: string;
}

/** The SQL of owners' requirements of renters. */
export function createRenterRequirementsRepository(db: Db) {
  return {
    /** Of these items, those that ask anything of renters. */
    async requirementsOf(itemIds: string[]): Promise<ItemRequirementsRow[]> {
      if (itemIds.length === 0) return [];
      return db
        .select({
          id: items.id,
          name: items.name,
          requireVerifiedPhone: items.requireVerifiedPhone,
          minCompletedRentals: items.minCompletedRentals,
        })
        .from(items)
        .where(and(inArray(items.id, itemIds), or(eq(items.requireVerifiedPhone, true), gt(items.minCompletedRentals, 0))))
        .orderBy(items.name);
    },

    /** A verified phone, and rentals borrowed and returned. */
    async standing(userId: string): Promise<RenterStanding> {
      const completed = db
        .select({ n: count() })
        .from(rentals)
        .where(and(eq(rentals.renterId, users.id), eq(rentals.returned, true), isNull(rentals.cancelledAt)));
      const [row] = await db
        .select({ phoneVerified: users.phoneVerified, completedRentals: sql<unknown>`(${completed})` })
        .from(users)
        .where(eq(users.id, userId));
      return row
        ? { phoneVerified: row.phoneVerified, completedRentals: toInt(row.completedRentals, 'completed_rentals') }
        : { phoneVerified: false, completedRentals: 0 };
    },
  };
}

export type RenterRequirementsRepository = ReturnType<typeof createRenterRequirementsRepository>;
