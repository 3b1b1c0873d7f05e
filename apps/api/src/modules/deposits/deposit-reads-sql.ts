import { eq, sql } from 'drizzle-orm';
import type { ClaimKind, ClaimState, HoldState } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { claimPhotos, depositHolds, items, rentalClaims, rentals, users } from '../../db/schema.ts';
import { toInt, toIsoDate, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/row-values.ts';
import { owner, renter, rentalPartyColumns } from '../rentals/rental-parties-sql.ts';

// What deposits and claims read of a rental: its parties, its deposit hold, its claims and their photos.

/** A rental as claims and deposits see it: its parties with their contacts, its dates and money. */
export interface ClaimRental {
  id: string;
  itemId: string;
  itemName: string;
  renterId: string;
  renterName: string;
  renterEmail: string;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  dailyRatePence: number;
  totalPence: number;
  /** ISO; null while the item is out. */
  returnedAt: string | null;
  cancelled: boolean;
}

/** The deposit held on the renter's card for one rental. */
export interface DepositHold {
  id: string;
  rentalId: string;
  renterId: string;
  ownerId: string;
  amountPence: number;
  provider: string;
  /** null while scheduled (not yet authorised), and for a scheduled deposit that ended unheld. */
  authorizationId: string | null;
  /** The processor's saved payment method for this booking's deposit (null for deposits held before they were kept). */
  paymentMethodId: string | null;
  status: HoldState;
  capturedPence: number | null;
  /** ISO. */
  settledAt: string | null;
  /** ISO: when the held authorisation lapses at the processor. */
  authorisationExpiresAt: string | null;
  /** ISO: the last off-session authorisation declined while scheduled, and why. */
  declinedAt: string | null;
  declineReason: string | null;
}

/** A problem one party reported on a rental, with the reporter's name. */
export interface ClaimRecord {
  id: string;
  rentalId: string;
  byUserId: string;
  byRole: 'owner' | 'renter';
  byName: string;
  kind: ClaimKind;
  amountPence: number;
  note: string;
  status: ClaimState;
  reply: string | null;
  /** ISO timestamps. */
  createdAt: string;
  disputedAt: string | null;
  escalatedAt: string | null;
  acceptedAt: string | null;
  withdrawnAt: string | null;
  loweredAt: string | null;
  /** A new amount one side proposed after a dispute (kept as agreed once accepted from it). */
  proposal: { amountPence: number; byRole: 'owner' | 'renter'; proposedAt: string } | null;
}

/** A photo added to a claim, kept privately. */
export interface ClaimPhoto {
  id: string;
  claimId: string;
  addedBy: string;
  largeKey: string;
  thumbKey: string;
  /** ISO. */
  takenAt: string;
}

/**
 * The rental with its item's name and both parties' names and contacts: the shared parties' columns
 * and aliases (rental-parties-sql.ts) with what claims need besides (contacts, the day rate, the return).
 */
export const selectRental = (executor: Executor) =>
  executor
    .select({
      ...rentalPartyColumns,
      itemId: rentals.itemId,
      itemName: items.name,
      renterName: renter.name,
      renterEmail: renter.email,
      ownerName: owner.name,
      ownerEmail: owner.email,
      dailyRatePence: sql<unknown>`coalesce(${rentals.dailyRatePence}, ${items.dailyRatePence})`,
      totalPence: rentals.totalPence,
      returnedAt: rentals.returnedAt,
    })
    .from(rentals)
    .innerJoin(items, eq(items.id, rentals.itemId))
    .innerJoin(owner, eq(owner.id, rentals.ownerId))
    .innerJoin(renter, eq(renter.id, rentals.renterId));

type ClaimRentalRow = Awaited<ReturnType<typeof selectRental>>[number];

export const toClaimRental = (r: ClaimRentalRow): ClaimRental => ({
  ...r,
  startDate: toIsoDate(r.startDate, 'start_date'),
  endDate: toIsoDate(r.endDate, 'end_date'),
  dailyRatePence: toInt(r.dailyRatePence, 'daily_rate_pence'),
  returnedAt: toIsoTimestampOrNull(r.returnedAt, 'returned_at'),
});

export const selectHold = (executor: Executor) =>
  executor
    .select({
      id: depositHolds.id,
      rentalId: depositHolds.rentalId,
      renterId: depositHolds.renterId,
      ownerId: depositHolds.ownerId,
      amountPence: depositHolds.amountPence,
      provider: depositHolds.provider,
      authorizationId: depositHolds.authorizationId,
      status: sql<HoldState>`${depositHolds.status}`,
      capturedPence: depositHolds.capturedPence,
      settledAt: depositHolds.settledAt,
      paymentMethodId: depositHolds.paymentMethodId,
      authorisationExpiresAt: depositHolds.authorisationExpiresAt,
      declinedAt: depositHolds.declinedAt,
      declineReason: depositHolds.declineReason,
    })
    .from(depositHolds);

type HoldRow = Awaited<ReturnType<typeof selectHold>>[number];

export const toHold = (r: HoldRow): DepositHold => ({
  ...r,
  settledAt: toIsoTimestampOrNull(r.settledAt, 'settled_at'),
  authorisationExpiresAt: toIsoTimestampOrNull(r.authorisationExpiresAt, 'authorisation_expires_at'),
  declinedAt: toIsoTimestampOrNull(r.declinedAt, 'declined_at'),
});

/** A rental's claims with their reporters' names, oldest first. */
export const selectClaims = (executor: Executor, rentalId: string) =>
  executor
    .select({
      id: rentalClaims.id,
      rentalId: rentalClaims.rentalId,
      byUserId: rentalClaims.byUserId,
      byRole: sql<ClaimRecord['byRole']>`${rentalClaims.byRole}`,
      byName: users.name,
      kind: sql<ClaimKind>`${rentalClaims.kind}`,
      amountPence: rentalClaims.amountPence,
      note: rentalClaims.note,
      status: sql<ClaimState>`${rentalClaims.status}`,
      reply: rentalClaims.reply,
      createdAt: rentalClaims.createdAt,
      disputedAt: rentalClaims.disputedAt,
      escalatedAt: rentalClaims.escalatedAt,
      acceptedAt: rentalClaims.acceptedAt,
      withdrawnAt: rentalClaims.withdrawnAt,
      loweredAt: rentalClaims.loweredAt,
      proposedPence: rentalClaims.proposedPence,
      proposedByRole: sql<'owner' | 'renter' | null>`${rentalClaims.proposedByRole}`,
      proposedAt: rentalClaims.proposedAt,
    })
    .from(rentalClaims)
    .innerJoin(users, eq(users.id, rentalClaims.byUserId))
    .where(eq(rentalClaims.rentalId, rentalId))
    .orderBy(rentalClaims.createdAt, rentalClaims.id);

type ClaimRow = Awaited<ReturnType<typeof selectClaims>>[number];

export const toClaim = ({ proposedPence, proposedByRole, proposedAt, ...r }: ClaimRow): ClaimRecord => ({
  ...r,
  createdAt: toIsoTimestamp(r.createdAt, 'created_at'),
  disputedAt: toIsoTimestampOrNull(r.disputedAt, 'disputed_at'),
  escalatedAt: toIsoTimestampOrNull(r.escalatedAt, 'escalated_at'),
  acceptedAt: toIsoTimestampOrNull(r.acceptedAt, 'accepted_at'),
  withdrawnAt: toIsoTimestampOrNull(r.withdrawnAt, 'withdrawn_at'),
  loweredAt: toIsoTimestampOrNull(r.loweredAt, 'lowered_at'),
  proposal:
    proposedPence !== null && proposedByRole !== null && proposedAt !== null
      ? { amountPence: proposedPence, byRole: proposedByRole, proposedAt: toIsoTimestamp(proposedAt, 'proposed_at') }
      : null,
});

/** The photos of a rental's claims, oldest first. */
export const selectPhotos = (executor: Executor, rentalId: string) =>
  executor
    .select({
      id: claimPhotos.id,
      claimId: claimPhotos.claimId,
      addedBy: claimPhotos.addedBy,
      largeKey: claimPhotos.largeKey,
      thumbKey: claimPhotos.thumbKey,
      takenAt: claimPhotos.takenAt,
    })
    .from(claimPhotos)
    .innerJoin(rentalClaims, eq(rentalClaims.id, claimPhotos.claimId))
    .where(eq(rentalClaims.rentalId, rentalId))
    .orderBy(claimPhotos.takenAt, claimPhotos.id);

type ClaimPhotoRow = Awaited<ReturnType<typeof selectPhotos>>[number];

export const toPhoto = (r: ClaimPhotoRow): ClaimPhoto => ({ ...r, takenAt: toIsoTimestamp(r.takenAt, 'taken_at') });

export const rentalOfClaim = async (executor: Executor, claimId: string): Promise<string | undefined> =>
  (await executor.select({ rentalId: rentalClaims.rentalId }).from(rentalClaims).where(eq(rentalClaims.id, claimId)))[0]?.rentalId;
