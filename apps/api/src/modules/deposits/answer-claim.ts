import { AppError, claimAnswerProblem, escalatesAt, formatPence } from '@toolshed/core';
import type { DepositView } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import { depositView } from './deposit-view.ts';
import { claimNotFound, ESCALATE_JOB, type ClaimKit } from './claim-kit.ts';

/** The other party answers a claim: accepts it (the money moves) or disputes it (support looks after 7 days). */
export function answerClaim(kit: ClaimKit) {
  const { repo, jobs, now, lockClaim, lockParty, payAccepted, tell } = kit;
  return {
    /** The other party agrees: the amount moves (from the hold to the owner, or from the owner's earnings to the renter). */
    async accept(claimId: string, userId: string): Promise<DepositView> {
      if (!isRowId(claimId)) throw claimNotFound();
      const at = now();
      return repo.transaction(async (tx) => {
        const { r, role, claim } = await lockClaim(tx, claimId, userId);
        const refusal = claimAnswerProblem({ state: claim.status, byRole: claim.byRole }, role, 'accept');
        if (refusal) throw new AppError(claim.byRole === role ? 'FORBIDDEN' : 'CONFLICT', refusal);
        await tx.markAccepted(claim.id, at);
        const hold = await payAccepted(tx, r, claim, at);
        const name = role === 'owner' ? r.ownerName : r.renterName;
        await tell(
          tx,
          r,
          claim.byRole,
          `claim.accepted:${claim.id}`,
          `${name} accepted your claim of ${formatPence(claim.amountPence)}`,
          claim.byRole === 'owner'
            ? `${formatPence(claim.amountPence)} of the deposit for ${r.itemName} goes to your balance.`
            : `${formatPence(claim.amountPence)} for ${r.itemName} goes back to your Toolshed balance.`,
        );
        return depositView(r, hold, await tx.claims(r.id), role, at, await tx.photos(r.id));
      });
    },
    /** The other party disagrees, with their side; after 7 days without agreement support gets the evidence. */
    async dispute(claimId: string, userId: string, reply: string): Promise<DepositView> {
      if (!isRowId(claimId)) throw claimNotFound();
      const at = now();
      return repo.transaction(async (tx) => {
        const rentalId = await tx.rentalOfClaim(claimId);
        if (!rentalId) throw claimNotFound();
        const { r, role } = await lockParty(tx, rentalId, userId).catch(() => {
          throw claimNotFound();
        });
        const claim = (await tx.claims(r.id)).find((c) => c.id === claimId)!;
        const refusal = claimAnswerProblem({ state: claim.status, byRole: claim.byRole }, role, 'dispute');
        if (refusal) throw new AppError(claim.byRole === role ? 'FORBIDDEN' : 'CONFLICT', refusal);
        await tx.markDisputed(claim.id, reply, at);
        await jobs.enqueue(
          ESCALATE_JOB,
          { claimId: claim.id },
          { key: `${ESCALATE_JOB}:${claim.id}`, runAt: escalatesAt(at) },
          tx.executor,
        );
        const name = role === 'owner' ? r.ownerName : r.renterName;
        await tell(
          tx,
          r,
          claim.byRole,
          `claim.disputed:${claim.id}`,
          `${name} disputed your claim of ${formatPence(claim.amountPence)}`,
          `"${reply}". If you do not agree within 7 days, Toolshed support will look at the evidence; the deposit stays held until then.`,
        );
        return depositView(r, await tx.hold(r.id), await tx.claims(r.id), role, at, await tx.photos(r.id));
      });
    },
  };
}
