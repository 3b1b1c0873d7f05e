import { and, eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.ts';
import { items, payments, rentals, users } from '../../db/schema.ts';

// The pieces of a rental read that several repositories share: who its parties are, the two parties
// joined with their names, a party's phone when it may be shown, and the checkout payment's columns.

/** The rental `rentalId` if `userId` is its renter or its owner. */
export const rentalOfParty = (rentalId: string, userId: string): SQL =>
  and(eq(rentals.id, rentalId), or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId)))!;

/** What every reader of a rental for one of its parties starts from: the people, the dates, and whether it ended. */
export const rentalPartyColumns = {
  id: rentals.id,
  ownerId: rentals.ownerId,
  renterId: rentals.renterId,
  startDate: rentals.startDate,
  endDate: rentals.endDate,
  cancelled: sql<boolean>`${rentals.cancelledAt} is not null`,
};

export const renter = alias(users, 'renter');
export const owner = alias(users, 'owner');

/** A member's phone as the other party sees it: only once verified, with its country code. */
export const verifiedPhone = (member: { phoneVerified: Column; phoneNumber: Column; phoneCountryCode: Column }) =>
  sql<
    string | null
  >`case when ${member.phoneVerified} and ${member.phoneNumber} is not null then concat_ws(' ', ${member.phoneCountryCode}, ${member.phoneNumber}) end`;

/** A rental with its item's name and both parties' names (`renter` and `owner`). */
export const selectRentalWithParties = (executor: Executor) =>
  executor
    .select({
      id: rentals.id,
      itemId: rentals.itemId,
      itemName: items.name,
      renterId: rentals.renterId,
      renterName: renter.name,
      ownerId: rentals.ownerId,
      ownerName: owner.name,
      startDate: rentals.startDate,
      endDate: rentals.endDate,
      totalPence: rentals.totalPence,
      returned: rentals.returned,
      cancelled: sql<boolean>`${rentals.cancelledAt} is not null`,
    })
    .from(rentals)
    .innerJoin(items, eq(items.id, rentals.itemId))
    .innerJoin(renter, eq(renter.id, rentals.renterId))
    .innerJoin(owner, eq(owner.id, rentals.ownerId));

/** A checkout payment as its renter's receipt and order page show it. */
export const orderPaymentColumns = {
  id: payments.id,
  reference: payments.reference,
  renterId: payments.renterId,
  subtotalPence: payments.subtotalPence,
  serviceFeePence: payments.serviceFeePence,
  amountPence: payments.amountPence,
  balancePence: payments.balancePence,
  brand: payments.brand,
  last4: payments.last4,
};
