import { and, count, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  claimRefundPosting,
  depositHeldPosting,
  depositSettledPosting,
  type ClaimKind,
  type ClaimState,
  type HoldState,
} from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { claimPhotos, depositHolds, items, rentalClaims, rentals, users } from '../../db/schema.ts';
import { toInt, toIsoDate, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/row-values.ts';
import { postTransaction, rentalAccountTotal, spendFromBalances } from '../ledger/ledger-repository.ts';

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

const renter = alias(users, 'renter');
const owner = alias(users, 'owner');

/** The rental with its item's name and both parties' names and contacts. */
const selectRental = (executor: Executor) =>
  executor
    .select({
      id: rentals.id,
      itemId: rentals.itemId,
      itemName: items.name,
      renterId: rentals.renterId,
      renterName: renter.name,
      renterEmail: renter.email,
      ownerId: rentals.ownerId,
      ownerName: owner.name,
      ownerEmail: owner.email,
      startDate: rentals.startDate,
      endDate: rentals.endDate,
      dailyRatePence: sql<unknown>`coalesce(${rentals.dailyRatePence}, ${items.dailyRatePence})`,
      totalPence: rentals.totalPence,
      returnedAt: rentals.returnedAt,
      cancelled: sql<boolean>`${rentals.cancelledAt} is not null`,
    })
    .from(rentals)
    .innerJoin(items, eq(items.id, rentals.itemId))
    .innerJoin(owner, eq(owner.id, rentals.ownerId))
    .innerJoin(renter, eq(renter.id, rentals.renterId));

type ClaimRentalRow = Awaited<ReturnType<typeof selectRental>>[number];

const toClaimRental = (r: ClaimRentalRow): ClaimRental => ({
  ...r,
  startDate: toIsoDate(r.startDate, 'start_date'),
  endDate: toIsoDate(r.endDate, 'end_date'),
  dailyRatePence: toInt(r.dailyRatePence, 'daily_rate_pence'),
  returnedAt: toIsoTimestampOrNull(r.returnedAt, 'returned_at'),
});

const selectHold = (executor: Executor) =>
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

const toHold = (r: HoldRow): DepositHold => ({
  ...r,
  settledAt: toIsoTimestampOrNull(r.settledAt, 'settled_at'),
  authorisationExpiresAt: toIsoTimestampOrNull(r.authorisationExpiresAt, 'authorisation_expires_at'),
  declinedAt: toIsoTimestampOrNull(r.declinedAt, 'declined_at'),
});

/** A rental's claims with their reporters' names, oldest first. */
const selectClaims = (executor: Executor, rentalId: string) =>
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

const toClaim = ({ proposedPence, proposedByRole, proposedAt, ...r }: ClaimRow): ClaimRecord => ({
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
const selectPhotos = (executor: Executor, rentalId: string) =>
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

const toPhoto = (r: ClaimPhotoRow): ClaimPhoto => ({ ...r, takenAt: toIsoTimestamp(r.takenAt, 'taken_at') });

const rentalOfClaim = async (executor: Executor, claimId: string): Promise<string | undefined> =>
  (await executor.select({ rentalId: rentalClaims.rentalId }).from(rentalClaims).where(eq(rentalClaims.id, claimId)))[0]?.rentalId;

/** A deposit from checkout, to be saved with the booking: authorised (held), or scheduled (authorisationId null). */
export interface NewHold {
  rentalId: string;
  renterId: string;
  ownerId: string;
  amountPence: number;
  provider: string;
  authorizationId: string | null;
  paymentMethodId: string | null;
  /** When a held authorisation lapses. */
  authorisationExpiresAt: Date | null;
}

/**
 * Saves the deposits of checkout, inside the booking's transaction: a hold row per rental, and for
 * each one authorised its ledger posting (the card's deposit held, not charged); a scheduled one is
 * posted when it is held. Answers each hold's id, in order.
 */
export async function recordHolds(tx: Executor, holds: readonly NewHold[]): Promise<string[]> {
  const ids: string[] = [];
  for (const h of holds) {
    const [row] = await tx
      .insert(depositHolds)
      .values({
        rentalId: h.rentalId,
        renterId: h.renterId,
        ownerId: h.ownerId,
        amountPence: h.amountPence,
        provider: h.provider,
        authorizationId: h.authorizationId,
        paymentMethodId: h.paymentMethodId,
        authorisationExpiresAt: h.authorisationExpiresAt,
        status: h.authorizationId ? 'held' : 'scheduled',
      })
      .returning({ id: depositHolds.id });
    ids.push(row!.id);
    if (h.authorizationId)
      await postTransaction(
        tx,
        depositHeldPosting({ holdId: row!.id, rentalId: h.rentalId, renterId: h.renterId, amountPence: h.amountPence }),
      );
  }
  return ids;
}

function writer(tx: Executor) {
  return {
    executor: tx,

    /** The rental, locked until the transaction ends: reports, answers and settlements of one rental queue here. */
    async lockRental(rentalId: string): Promise<ClaimRental | undefined> {
      const locked = await tx.select({ id: rentals.id }).from(rentals).where(eq(rentals.id, rentalId)).for('update');
      if (!locked[0]) return undefined;
      return (await selectRental(tx).where(eq(rentals.id, rentalId))).map(toClaimRental)[0];
    },

    hold: async (rentalId: string): Promise<DepositHold | undefined> =>
      (await selectHold(tx).where(eq(depositHolds.rentalId, rentalId))).map(toHold)[0],

    claims: async (rentalId: string): Promise<ClaimRecord[]> => (await selectClaims(tx, rentalId)).map(toClaim),

    rentalOfClaim: (claimId: string) => rentalOfClaim(tx, claimId),

    photos: async (rentalId: string): Promise<ClaimPhoto[]> => (await selectPhotos(tx, rentalId)).map(toPhoto),

    async insertClaim(c: {
      rentalId: string;
      byUserId: string;
      byRole: 'owner' | 'renter';
      kind: ClaimKind;
      amountPence: number;
      note: string;
      at: Date;
    }): Promise<string> {
      const [row] = await tx
        .insert(rentalClaims)
        .values({
          rentalId: c.rentalId,
          byUserId: c.byUserId,
          byRole: c.byRole,
          kind: c.kind,
          amountPence: c.amountPence,
          note: c.note,
          createdAt: c.at,
        })
        .returning({ id: rentalClaims.id });
      return row!.id;
    },

    async photoCount(claimId: string, userId: string): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(claimPhotos)
        .where(and(eq(claimPhotos.claimId, claimId), eq(claimPhotos.addedBy, userId)));
      return toInt(row!.n, 'n');
    },

    async addPhoto(p: {
      id: string;
      claimId: string;
      addedBy: string;
      largeKey: string;
      thumbKey: string;
      width: number;
      height: number;
      at: Date;
    }): Promise<void> {
      await tx.insert(claimPhotos).values({
        id: p.id,
        claimId: p.claimId,
        addedBy: p.addedBy,
        largeKey: p.largeKey,
        thumbKey: p.thumbKey,
        width: p.width,
        height: p.height,
        takenAt: p.at,
      });
    },

    async markAccepted(claimId: string, at: Date): Promise<void> {
      await tx.update(rentalClaims).set({ status: 'accepted', acceptedAt: at }).where(eq(rentalClaims.id, claimId));
    },

    async markDisputed(claimId: string, reply: string, at: Date): Promise<void> {
      await tx.update(rentalClaims).set({ status: 'disputed', reply, disputedAt: at }).where(eq(rentalClaims.id, claimId));
    },

    async markWithdrawn(claimId: string, at: Date): Promise<void> {
      await tx.update(rentalClaims).set({ status: 'withdrawn', withdrawnAt: at }).where(eq(rentalClaims.id, claimId));
    },

    /** The claimant's lower amount; a proposal that is no longer below it goes. */
    async lowerClaim(claimId: string, amountPence: number, dropProposal: boolean, at: Date): Promise<void> {
      await tx
        .update(rentalClaims)
        .set({
          amountPence,
          loweredAt: at,
          ...(dropProposal ? { proposedPence: null, proposedByRole: null, proposedAt: null } : {}),
        })
        .where(eq(rentalClaims.id, claimId));
    },

    /** One side's proposal after a dispute, in place of any earlier one. */
    async propose(claimId: string, amountPence: number, byRole: 'owner' | 'renter', at: Date): Promise<void> {
      await tx
        .update(rentalClaims)
        .set({ proposedPence: amountPence, proposedByRole: byRole, proposedAt: at })
        .where(eq(rentalClaims.id, claimId));
    },

    /** The other side agreed to the proposal: the claim is accepted at the proposed amount. */
    async markAgreed(claimId: string, amountPence: number, at: Date): Promise<void> {
      await tx.update(rentalClaims).set({ status: 'accepted', amountPence, acceptedAt: at }).where(eq(rentalClaims.id, claimId));
    },

    async markEscalated(claimId: string, at: Date): Promise<void> {
      await tx.update(rentalClaims).set({ status: 'escalated', escalatedAt: at }).where(eq(rentalClaims.id, claimId));
    },

    /** A scheduled deposit authorised (off-session, or with the card the renter gave): held from now (an earlier decline cleared), and posted as held. */
    async markHeld(hold: DepositHold, authorizationId: string, paymentMethodId: string, expiresAt: Date): Promise<void> {
      await tx
        .update(depositHolds)
        .set({ status: 'held', authorizationId, paymentMethodId, authorisationExpiresAt: expiresAt, declinedAt: null, declineReason: null })
        .where(and(eq(depositHolds.id, hold.id), eq(depositHolds.status, 'scheduled')));
      await postTransaction(
        tx,
        depositHeldPosting({ holdId: hold.id, rentalId: hold.rentalId, renterId: hold.renterId, amountPence: hold.amountPence }),
      );
    },

    /** The saved card was declined off-session: the deposit stays scheduled, waiting for another card. */
    async markDeclined(holdId: string, reason: string, at: Date): Promise<void> {
      await tx.update(depositHolds).set({ declinedAt: at, declineReason: reason }).where(eq(depositHolds.id, holdId));
    },

    /** A renewal: the held deposit's new authorisation replaces the old one (voided after this commits). */
    async renewed(holdId: string, authorizationId: string, expiresAt: Date): Promise<void> {
      await tx
        .update(depositHolds)
        .set({ authorizationId, authorisationExpiresAt: expiresAt, declinedAt: null, declineReason: null })
        .where(and(eq(depositHolds.id, holdId), eq(depositHolds.status, 'held')));
    },

    /** A scheduled deposit whose rental was cancelled (or ended) before it was held: ends without any authorisation. */
    async endScheduled(holdId: string, at: Date): Promise<void> {
      await tx
        .update(depositHolds)
        .set({ status: 'cancelled', settledAt: at })
        .where(and(eq(depositHolds.id, holdId), eq(depositHolds.status, 'scheduled')));
    },

    /**
     * The held authorisation ran out and could not be renewed: nothing can be captured, so the hold
     * ends 'lapsed' and the ledger releases it whole (no owner is credited with money the card never paid).
     */
    async markLapsed(hold: DepositHold, at: Date): Promise<void> {
      await tx
        .update(depositHolds)
        .set({ status: 'lapsed', capturedPence: 0, settledAt: at })
        .where(and(eq(depositHolds.id, hold.id), eq(depositHolds.status, 'held')));
      await postTransaction(
        tx,
        depositSettledPosting({
          holdId: hold.id,
          rentalId: hold.rentalId,
          renterId: hold.renterId,
          ownerId: hold.ownerId,
          heldPence: hold.amountPence,
          capturedPence: 0,
        }),
      );
    },

    /** Ends the hold once: captures `capturedPence` for the owner and releases the rest (0: released whole). */
    async settleHold(hold: DepositHold, capturedPence: number, at: Date): Promise<void> {
      await tx
        .update(depositHolds)
        .set({ status: capturedPence > 0 ? 'captured' : 'released', capturedPence, settledAt: at })
        .where(eq(depositHolds.id, hold.id));
      await postTransaction(
        tx,
        depositSettledPosting({
          holdId: hold.id,
          rentalId: hold.rentalId,
          renterId: hold.renterId,
          ownerId: hold.ownerId,
          heldPence: hold.amountPence,
          capturedPence,
        }),
      );
    },

    /**
     * A renter's accepted claim: the amount back to their balance from the owner's earnings. The
     * owner's row is held (`spendFromBalances`, as a withdrawal holds it), so that the balance read
     * here is the one a withdrawal (or another refund) under way leaves, not one it is spending; what
     * the owner no longer has is the platform's (core `claimRefundPosting`), so it is never short.
     */
    async refundClaim(claim: ClaimRecord, rental: ClaimRental): Promise<void> {
      const spent = await spendFromBalances(tx, [rental.ownerId], async (available) =>
        claimRefundPosting({
          claimId: claim.id,
          rentalId: rental.id,
          renterId: rental.renterId,
          ownerId: rental.ownerId,
          amountPence: claim.amountPence,
          ownerPendingPence: await rentalAccountTotal(tx, rental.id, rental.ownerId, 'pending'),
          ownerAvailablePence: available[rental.ownerId]!,
        }),
      );
      if (spent.kind === 'short') throw new Error(`A claim refund would take more than the owner's balance of ${spent.availablePence}.`);
    },
  };
}

export type DepositsWriter = ReturnType<typeof writer>;

export function createDepositsRepository(db: Db) {
  return {
    /** The rental if `userId` is one of its parties. */
    rentalFor: async (rentalId: string, userId: string): Promise<ClaimRental | undefined> =>
      (await selectRental(db).where(and(eq(rentals.id, rentalId), or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId))))).map(
        toClaimRental,
      )[0],
    hold: async (rentalId: string): Promise<DepositHold | undefined> =>
      (await selectHold(db).where(eq(depositHolds.rentalId, rentalId))).map(toHold)[0],
    holdById: async (holdId: string): Promise<DepositHold | undefined> =>
      (await selectHold(db).where(eq(depositHolds.id, holdId))).map(toHold)[0],
    claims: async (rentalId: string): Promise<ClaimRecord[]> => (await selectClaims(db, rentalId)).map(toClaim),
    rentalOfClaim: (claimId: string) => rentalOfClaim(db, claimId),
    /** The photos of a rental's claims, oldest first. */
    photos: async (rentalId: string): Promise<ClaimPhoto[]> => (await selectPhotos(db, rentalId)).map(toPhoto),
    transaction: <T>(work: (tx: DepositsWriter) => Promise<T>) => db.transaction((tx) => work(writer(tx))),
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
