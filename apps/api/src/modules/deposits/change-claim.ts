import { claimWindowClosesAt, formatPence } from '@toolshed/core';
import type { DepositView } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import { UNSETTLED, changeFacts, depositView } from './deposit-view.ts';
import { claimNotFound, type ClaimKit } from './claim-kit.ts';

/** The claimant withdraws or lowers a claim; after a dispute either side proposes an amount and the other agrees to it. */
export function changeClaim(kit: ClaimKit) {
  const { repo, now, lockClaim, refuseChange, settle, payAccepted, tell, kindOf } = kit;
  return {
    /**
     * The claimant takes the claim back before it is settled: nothing moves for it. With no other
     * claim of the owner's waiting, a hold whose window has closed is settled now (what was accepted
     * captured, the rest released); within the window the release after it does that.
     */
    async withdraw(claimId: string, userId: string): Promise<DepositView> {
      if (!isRowId(claimId)) throw claimNotFound();
      const at = now();
      return repo.transaction(async (tx) => {
        const { r, role, claim } = await lockClaim(tx, claimId, userId);
        refuseChange(claim, role, 'withdraw');
        await tx.markWithdrawn(claim.id, at);
        const after = await tx.claims(r.id);
        let hold = await tx.hold(r.id);
        const closes = claimWindowClosesAt({ endDate: r.endDate, returnedAt: r.returnedAt ? new Date(r.returnedAt) : null });
        if (
          claim.byRole === 'owner' &&
          hold?.status === 'held' &&
          closes &&
          at.getTime() >= closes.getTime() &&
          !after.some((c) => c.byRole === 'owner' && UNSETTLED.has(c.status))
        ) {
          await settle(tx, hold, after, at);
          hold = await tx.hold(r.id);
        }
        const name = role === 'owner' ? r.ownerName : r.renterName;
        await tell(
          tx,
          r,
          role === 'owner' ? 'renter' : 'owner',
          `claim.withdrawn:${claim.id}`,
          `${name} withdrew the ${kindOf(claim)} claim of ${formatPence(claim.amountPence)}`,
          claim.byRole === 'owner'
            ? `Nothing will be taken from your deposit for this claim on ${r.itemName}.`
            : `Nothing will be refunded from your earnings for this claim on ${r.itemName}.`,
        );
        return depositView(r, hold, after, role, at, await tx.photos(r.id));
      });
    },
    /** The claimant asks for less (more than nothing); a proposal no longer below the new amount goes. */
    async lower(claimId: string, userId: string, amountPence: number): Promise<DepositView> {
      if (!isRowId(claimId)) throw claimNotFound();
      const at = now();
      return repo.transaction(async (tx) => {
        const { r, role, claim } = await lockClaim(tx, claimId, userId);
        refuseChange(claim, role, 'lower', amountPence);
        const proposal = changeFacts(claim).proposal;
        await tx.lowerClaim(claim.id, amountPence, proposal !== null && proposal.amountPence >= amountPence, at);
        const name = role === 'owner' ? r.ownerName : r.renterName;
        await tell(
          tx,
          r,
          role === 'owner' ? 'renter' : 'owner',
          `claim.lowered:${claim.id}:${amountPence}`,
          `${name} lowered the ${kindOf(claim)} claim to ${formatPence(amountPence)}`,
          `The claim for ${r.itemName} was ${formatPence(claim.amountPence)} and is now ${formatPence(amountPence)}. ${
            claim.status === 'open' ? 'Accept it or dispute it' : 'Accept it or propose another amount'
          } on the rental page.`,
        );
        return depositView(r, await tx.hold(r.id), await tx.claims(r.id), role, at, await tx.photos(r.id));
      });
    },
    /** After a dispute, either side proposes a lower amount; the other agrees to settle at it. A new proposal replaces the last. */
    async propose(claimId: string, userId: string, amountPence: number): Promise<DepositView> {
      if (!isRowId(claimId)) throw claimNotFound();
      const at = now();
      return repo.transaction(async (tx) => {
        const { r, role, claim } = await lockClaim(tx, claimId, userId);
        refuseChange(claim, role, 'propose', amountPence);
        await tx.propose(claim.id, amountPence, role, at);
        const name = role === 'owner' ? r.ownerName : r.renterName;
        await tell(
          tx,
          r,
          role === 'owner' ? 'renter' : 'owner',
          `claim.proposed:${claim.id}:${role}:${amountPence}`,
          `${name} proposed ${formatPence(amountPence)} for the ${kindOf(claim)} claim`,
          `Instead of the ${formatPence(claim.amountPence)} claimed for ${r.itemName}. Agree to it on the rental page to settle the claim at ${formatPence(amountPence)}, or propose another amount.`,
        );
        return depositView(r, await tx.hold(r.id), await tx.claims(r.id), role, at, await tx.photos(r.id));
      });
    },
    /** The other side agrees to the proposal it was shown (`amountPence`): the claim is accepted at it and the money moves. */
    async agree(claimId: string, userId: string, amountPence: number): Promise<DepositView> {
      if (!isRowId(claimId)) throw claimNotFound();
      const at = now();
      return repo.transaction(async (tx) => {
        const { r, role, claim } = await lockClaim(tx, claimId, userId);
        refuseChange(claim, role, 'agree', amountPence);
        await tx.markAgreed(claim.id, amountPence, at);
        const hold = await payAccepted(tx, r, claim, at);
        const name = role === 'owner' ? r.ownerName : r.renterName;
        await tell(
          tx,
          r,
          role === 'owner' ? 'renter' : 'owner',
          `claim.agreed:${claim.id}`,
          `${name} agreed to ${formatPence(amountPence)} for the ${kindOf(claim)} claim`,
          claim.byRole === 'owner'
            ? `${formatPence(amountPence)} of the deposit for ${r.itemName} is paid to the owner; the rest of the deposit is released unless another claim waits.`
            : `${formatPence(amountPence)} for ${r.itemName} goes back to the renter's Toolshed balance.`,
        );
        return depositView(r, hold, await tx.claims(r.id), role, at, await tx.photos(r.id));
      });
    },
  };
}
