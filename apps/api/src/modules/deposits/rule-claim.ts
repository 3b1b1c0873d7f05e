import { AppError, CLAIM_KIND_LABELS, claimRulingLimit, claimWindowClosesAt, formatPence, OPERATOR_MESSAGES } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { isRowId } from '../../db/ids.ts';
import { UNSETTLED } from './deposit-view.ts';
import { claimNotFound, type ClaimKit } from './claim-kit.ts';
import type { ClaimRecord, DepositHold } from './deposits-repository.ts';

/** What an operator's ruling may give the claimant, from the claim, the hold and the owner's other accepted claims. */
export function rulingLimit(claim: ClaimRecord, hold: DepositHold | undefined, claims: readonly ClaimRecord[]): number {
  const acceptedByOwnerPence = claims
    .filter((c) => c.id !== claim.id && c.byRole === 'owner' && c.status === 'accepted')
    .reduce((sum, c) => sum + c.amountPence, 0);
  return claimRulingLimit({
    byRole: claim.byRole,
    amountPence: claim.amountPence,
    heldPence: hold?.status === 'held' ? hold.amountPence : null,
    acceptedByOwnerPence,
  });
}

/**
 * An operator rules on a claim sent to support: the claimant gets `amountPence` (0 to the limit),
 * moved by the same path as an agreement (an owner's from the hold when it settles, a renter's from
 * the owner's earnings). A ruling of nothing closes the claim as withdrawn, so nothing moves for it
 * and a hold with no other claim waiting is released. Both sides are told; `audit` writes the
 * operator's record in the same transaction.
 */
export function ruleClaim(kit: ClaimKit) {
  const { repo, now, settle, payAccepted, tell, kindOf } = kit;
  return {
    async rule(
      claimId: string,
      operatorId: string,
      amountPence: number,
      audit: (tx: Executor, claim: ClaimRecord) => Promise<string>,
    ): Promise<{ auditId: string }> {
      if (!isRowId(claimId)) throw claimNotFound();
      const at = now();
      return repo.transaction(async (tx) => {
        const rentalId = await tx.rentalOfClaim(claimId);
        const r = rentalId ? await tx.lockRental(rentalId) : undefined;
        if (!r) throw claimNotFound();
        if (r.ownerId === operatorId || r.renterId === operatorId) throw new AppError('FORBIDDEN', OPERATOR_MESSAGES.ownAccount);
        const claims = await tx.claims(r.id);
        const claim = claims.find((c) => c.id === claimId)!;
        if (claim.status !== 'escalated') throw new AppError('CONFLICT', OPERATOR_MESSAGES.notEscalated);
        const hold = await tx.hold(r.id);
        const limit = rulingLimit(claim, hold, claims);
        if (!Number.isInteger(amountPence) || amountPence < 0 || amountPence > limit)
          throw new AppError('VALIDATION', `A ruling gives between £0.00 and ${formatPence(limit)}.`, 'amountPence');
        if (amountPence === 0) {
          await tx.markWithdrawn(claim.id, at);
          const after = await tx.claims(r.id);
          const closes = claimWindowClosesAt({ endDate: r.endDate, returnedAt: r.returnedAt ? new Date(r.returnedAt) : null });
          const waiting = after.some((c) => c.byRole === 'owner' && UNSETTLED.has(c.status));
          if (claim.byRole === 'owner' && hold?.status === 'held' && closes && at >= closes && !waiting) await settle(tx, hold, after, at);
        } else {
          await tx.markAgreed(claim.id, amountPence, at);
          await payAccepted(tx, r, { ...claim, amountPence }, at);
        }
        const auditId = await audit(tx.executor, claim);
        const outcome =
          amountPence === 0
            ? `Nothing is paid for it.`
            : claim.byRole === 'owner'
              ? `${formatPence(amountPence)} of the deposit goes to the owner; the rest of the deposit is released unless another claim waits.`
              : `${formatPence(amountPence)} goes back to the renter's Toolshed balance from the owner's earnings.`;
        for (const side of ['owner', 'renter'] as const) {
          await tell(
            tx,
            r,
            side,
            `claim.ruled:${claim.id}`,
            `Toolshed ruled on the ${kindOf(claim)} claim: ${formatPence(amountPence)}`,
            `The ${CLAIM_KIND_LABELS[claim.kind]} claim of ${formatPence(claim.amountPence)} for ${r.itemName} was decided by Toolshed support. ${outcome}`,
          );
        }
        return { auditId };
      });
    },
  };
}
