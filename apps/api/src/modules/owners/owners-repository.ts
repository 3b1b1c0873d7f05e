import { and, eq, or, sql } from 'drizzle-orm';
import type { CancellationRecord, TrackRecord } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import { rentalClaims, rentals, users } from '../../db/schema.ts';

export interface OwnerRow {
  id: string;
  name: string;
  picture: string | null;
  rating: number | null;
  totalRatings: number;
  createdAt: Date;
}

/** What an owner's public page shows of the user; the only SQL of the owners module. */
export function createOwnersRepository(db: Db) {
  return {
    async find(id: string): Promise<OwnerRow | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          picture: users.picture,
          rating: users.rating,
          totalRatings: users.totalRatings,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /**
     * What is verified, and how the member's rentals went (returned on time: by the end date, in
     * London), with the claims upheld against them: made by the other party of one of their rentals
     * (the owner's against them as renter, a renter's against them as owner) and accepted.
     */
    async record(id: string): Promise<TrackRecord> {
      const [who] = await db
        .select({ emailVerified: users.emailVerified, phoneVerified: users.phoneVerified })
        .from(users)
        .where(eq(users.id, id));
      const returnedDay = sql`(${rentals.returnedAt} at time zone 'Europe/London')::date`;
      const [borrowed] = await db
        .select({
          completed: sql<number>`count(*)`.mapWith(Number),
          onTime: sql<number>`count(*) filter (where ${returnedDay} <= ${rentals.endDate})`.mapWith(Number),
        })
        .from(rentals)
        .where(and(eq(rentals.renterId, id), eq(rentals.returned, true)));
      const [lent] = await db
        .select({ completed: sql<number>`count(*)`.mapWith(Number) })
        .from(rentals)
        .where(and(eq(rentals.ownerId, id), eq(rentals.returned, true)));
      const [upheld] = await db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(rentalClaims)
        .innerJoin(rentals, eq(rentals.id, rentalClaims.rentalId))
        .where(
          and(
            eq(rentalClaims.status, 'accepted'),
            or(
              and(eq(rentalClaims.byRole, 'owner'), eq(rentals.renterId, id)),
              and(eq(rentalClaims.byRole, 'renter'), eq(rentals.ownerId, id)),
            ),
          ),
        );
      return {
        emailVerified: who?.emailVerified ?? false,
        phoneVerified: who?.phoneVerified ?? false,
        rentalsCompleted: borrowed?.completed ?? 0,
        returnedOnTime: borrowed?.onTime ?? 0,
        lendingsCompleted: lent?.completed ?? 0,
        claimsUpheldAgainst: upheld?.count ?? 0,
      };
    },

    /** How the member cancelled: as owner, of the bookings of their items; as renter, late (refunded less than in full). */
    async cancellations(id: string): Promise<CancellationRecord> {
      const booked = sql`(${rentals.requestStatus} is null or ${rentals.requestStatus} = 'accepted')`;
      const [asOwner] = await db
        .select({
          booked: sql<number>`count(*)`.mapWith(Number),
          cancelled: sql<number>`count(*) filter (where ${rentals.cancelledBy} = 'owner')`.mapWith(Number),
        })
        .from(rentals)
        .where(and(eq(rentals.ownerId, id), booked));
      const [asRenter] = await db
        .select({ late: sql<number>`count(*)`.mapWith(Number) })
        .from(rentals)
        .where(and(eq(rentals.renterId, id), eq(rentals.cancelledBy, 'renter'), sql`${rentals.refundPercent} < 100`));
      return { ownerCancelled: asOwner?.cancelled ?? 0, ownerBooked: asOwner?.booked ?? 0, renterLate: asRenter?.late ?? 0 };
    },
  };
}

export type OwnersRepository = ReturnType<typeof createOwnersRepository>;
