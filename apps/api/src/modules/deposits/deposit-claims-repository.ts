import { and, count, eq } from 'drizzle-orm';
import { claimRefundPosting, type ClaimKind } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { claimPhotos, rentalClaims } from '../../db/schema.ts';
import { toInt } from '../../db/row-values.ts';
import { rentalAccountTotal, spendFromBalances } from '../ledger/ledger-repository.ts';
import type { ClaimRecord, ClaimRental } from './deposit-reads-sql.ts';

/** The writes of a claim's life: reported, answered, proposed, lowered, settled, with its photos. */

export async function insertClaim(
  tx: Executor,
  c: { rentalId: string; byUserId: string; byRole: 'owner' | 'renter'; kind: ClaimKind; amountPence: number; note: string; at: Date },
): Promise<string> {
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
}

export async function photoCount(tx: Executor, claimId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(claimPhotos)
    .where(and(eq(claimPhotos.claimId, claimId), eq(claimPhotos.addedBy, userId)));
  return toInt(row!.n, 'n');
}

export async function addPhoto(
  tx: Executor,
  p: { id: string; claimId: string; addedBy: string; largeKey: string; thumbKey: string; width: number; height: number; at: Date },
): Promise<void> {
  const { at, ...photo } = p;
  await tx.insert(claimPhotos).values({ ...photo, takenAt: at });
}

export async function markAccepted(tx: Executor, claimId: string, at: Date): Promise<void> {
  await tx.update(rentalClaims).set({ status: 'accepted', acceptedAt: at }).where(eq(rentalClaims.id, claimId));
}

export async function markDisputed(tx: Executor, claimId: string, reply: string, at: Date): Promise<void> {
  await tx.update(rentalClaims).set({ status: 'disputed', reply, disputedAt: at }).where(eq(rentalClaims.id, claimId));
}

export async function markWithdrawn(tx: Executor, claimId: string, at: Date): Promise<void> {
  await tx.update(rentalClaims).set({ status: 'withdrawn', withdrawnAt: at }).where(eq(rentalClaims.id, claimId));
}

/** The claimant's lower amount; a proposal that is no longer below it goes. */
export async function lowerClaim(tx: Executor, claimId: string, amountPence: number, dropProposal: boolean, at: Date): Promise<void> {
  await tx
    .update(rentalClaims)
    .set({ amountPence, loweredAt: at, ...(dropProposal ? { proposedPence: null, proposedByRole: null, proposedAt: null } : {}) })
    .where(eq(rentalClaims.id, claimId));
}

/** One side's proposal after a dispute, in place of any earlier one. */
export async function propose(tx: Executor, claimId: string, amountPence: number, byRole: 'owner' | 'renter', at: Date): Promise<void> {
  await tx
    .update(rentalClaims)
    .set({ proposedPence: amountPence, proposedByRole: byRole, proposedAt: at })
    .where(eq(rentalClaims.id, claimId));
}

/** The other side agreed to the proposal: the claim is accepted at the proposed amount. */
export async function markAgreed(tx: Executor, claimId: string, amountPence: number, at: Date): Promise<void> {
  await tx.update(rentalClaims).set({ status: 'accepted', amountPence, acceptedAt: at }).where(eq(rentalClaims.id, claimId));
}

export async function markEscalated(tx: Executor, claimId: string, at: Date): Promise<void> {
  await tx.update(rentalClaims).set({ status: 'escalated', escalatedAt: at }).where(eq(rentalClaims.id, claimId));
}

/**
 * A renter's accepted claim: the amount back to their balance from the owner's earnings. The
 * owner's row is held (`spendFromBalances`, as a withdrawal holds it), so that the balance read
 * here is the one a withdrawal (or another refund) under way leaves, not one it is spending; what
 * the owner no longer has is the platform's (core `claimRefundPosting`), so it is never short.
 */
export async function refundClaim(tx: Executor, claim: ClaimRecord, rental: ClaimRental): Promise<void> {
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
}
