import { and, eq } from 'drizzle-orm';
import type { HandoverTimeSide } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import { toIsoDate } from '../../db/row-values.ts';
import { rentalHandoverProposals, rentals } from '../../db/schema.ts';
import { rentalOfParty, rentalPartyColumns } from '../rentals/rental-parties-sql.ts';

/** What the handover times of a rental need, read only for one of its two parties. */
export interface HandoverTimesRental {
  id: string;
  ownerId: string;
  renterId: string;
  startDate: string;
  endDate: string;
  pickupMinutes: number | null;
  returnMinutes: number | null;
  cancelled: boolean;
  returned: boolean;
  proposals: Array<{ side: HandoverTimeSide; minutes: number; proposedBy: 'owner' | 'renter' }>;
}

/** The SQL of rentals' chosen handover times and the proposals of new ones. */
export function createRentalHandoverRepository(db: Db) {
  return {
    async rentalForParty(rentalId: string, userId: string): Promise<HandoverTimesRental | undefined> {
      const [row] = await db
        .select({
          ...rentalPartyColumns,
          pickupMinutes: rentals.pickupMinutes,
          returnMinutes: rentals.returnMinutes,
          returned: rentals.returned,
        })
        .from(rentals)
        .where(rentalOfParty(rentalId, userId));
      if (!row) return undefined;
      const proposals = await db
        .select({
          side: rentalHandoverProposals.side,
          minutes: rentalHandoverProposals.minutes,
          proposedBy: rentalHandoverProposals.proposedBy,
        })
        .from(rentalHandoverProposals)
        .where(eq(rentalHandoverProposals.rentalId, rentalId));
      return {
        ...row,
        startDate: toIsoDate(row.startDate, 'start_date'),
        endDate: toIsoDate(row.endDate, 'end_date'),
        proposals: proposals.map((p) => ({
          side: p.side as HandoverTimeSide,
          minutes: p.minutes,
          proposedBy: p.proposedBy as 'owner' | 'renter',
        })),
      };
    },

    /** Records a proposal, replacing an earlier one of the same side (by either party). */
    async propose(rentalId: string, side: HandoverTimeSide, minutes: number, proposedBy: 'owner' | 'renter', at: Date): Promise<void> {
      await db
        .insert(rentalHandoverProposals)
        .values({ rentalId, side, minutes, proposedBy, proposedAt: at })
        .onConflictDoUpdate({
          target: [rentalHandoverProposals.rentalId, rentalHandoverProposals.side],
          set: { minutes, proposedBy, proposedAt: at },
        });
    },

    /**
     * Takes the proposal of `side` made by `proposedBy` as the rental's time, in one transaction; null
     * when there was none (another accept took it, or it was replaced by the other party's).
     */
    async accept(rentalId: string, side: HandoverTimeSide, proposedBy: 'owner' | 'renter'): Promise<{ minutes: number } | null> {
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .delete(rentalHandoverProposals)
          .where(
            and(
              eq(rentalHandoverProposals.rentalId, rentalId),
              eq(rentalHandoverProposals.side, side),
              eq(rentalHandoverProposals.proposedBy, proposedBy),
            ),
          )
          .returning({ minutes: rentalHandoverProposals.minutes });
        if (!taken) return null;
        await tx
          .update(rentals)
          .set({ [side === 'pickup' ? 'pickupMinutes' : 'returnMinutes']: taken.minutes })
          .where(eq(rentals.id, rentalId));
        return taken;
      });
    },
  };
}

export type RentalHandoverRepository = ReturnType<typeof createRentalHandoverRepository>;
