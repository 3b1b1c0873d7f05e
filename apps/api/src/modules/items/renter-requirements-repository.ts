import { sql } from 'drizzle-orm';
import type { RenterRequirements, RenterStanding } from '@toolshed/core';
import { queryRows, type Db } from '../../db/database.ts';

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
      return queryRows<ItemRequirementsRow>(
        db,
        sql`select id, name, require_verified_phone as "requireVerifiedPhone", min_completed_rentals as "minCompletedRentals"
            from items where id in ${itemIds} and (require_verified_phone or min_completed_rentals > 0)
            order by name`,
      );
    },

    /** A verified phone, and rentals borrowed and returned. */
    async standing(userId: string): Promise<RenterStanding> {
      const rows = await queryRows<RenterStanding>(
        db,
        sql`select u.phone_verified as "phoneVerified",
                   (select count(*)::int from rentals r where r.renter_id = u.id and r.returned and r.cancelled_at is null) as "completedRentals"
            from users u where u.id = ${userId}`,
      );
      return rows[0] ?? { phoneVerified: false, completedRentals: 0 };
    },
  };
}

export type RenterRequirementsRepository = ReturnType<typeof createRenterRequirementsRepository>;
