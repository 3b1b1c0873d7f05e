import { CLAIM_KIND_LABELS, claimWindowClosesAt, formatPence } from '@toolshed/core';
import { UNSETTLED, photoUrl } from './deposit-view.ts';
import { evidencePack } from './evidence-pack.ts';
import { type ClaimKit } from './claim-kit.ts';

/** The hold's end: released after the window (or captured what was accepted), at once on a cancellation, and a dispute gone on too long sent to support. */
export function settleDeposit(kit: ClaimKit) {
  const { repo, mailer, supportEmail, appUrl, evidencePhotos, settle, tell } = kit;
  return {
    /** Job: the window closed after the return; with no claim left open, the hold is released (or what was accepted captured). */
    async releaseIfDue(rentalId: string, at: Date): Promise<'released' | 'not_due' | 'nothing'> {
      return repo.transaction(async (tx) => {
        const r = await tx.lockRental(rentalId);
        const hold = r ? await tx.hold(rentalId) : undefined;
        if (!r || hold?.status !== 'held') return 'nothing';
        const closes = claimWindowClosesAt({ endDate: r.endDate, returnedAt: r.returnedAt ? new Date(r.returnedAt) : null });
        if (!closes || at.getTime() < closes.getTime()) return 'not_due';
        const claims = await tx.claims(rentalId);
        if (claims.some((c) => c.byRole === 'owner' && UNSETTLED.has(c.status))) return 'not_due';
        const captured = await settle(tx, hold, claims, at);
        await tell(
          tx,
          r,
          'renter',
          `deposit.released:${hold.id}`,
          `Deposit released: ${formatPence(hold.amountPence - captured)}`,
          `The deposit held for ${r.itemName} has been released from your card.`,
        );
        return 'released';
      });
    },
    /** A cancelled rental (by a party, because the payment could not be taken, or its deposit not held) releases its hold at once. */
    async releaseCancelled(rentalId: string, at: Date): Promise<void> {
      await repo.transaction(async (tx) => {
        const r = await tx.lockRental(rentalId);
        const hold = r?.cancelled ? await tx.hold(rentalId) : undefined;
        // A deposit scheduled and never held ends without any authorisation.
        if (hold?.status === 'scheduled') await tx.endScheduled(hold.id, at);
        if (hold?.status !== 'held') return;
        await settle(tx, hold, [], at);
      });
    },
    /** Job: a claim still disputed 7 days on goes to support with the whole evidence pack; the hold stays. */
    async escalate(claimId: string, at: Date): Promise<boolean> {
      const rentalId = await repo.rentalOfClaim(claimId);
      if (!rentalId) return false;
      const handover = await evidencePhotos(rentalId);
      const claimPhotos = (await repo.photos(rentalId)).map(
        (p) => `${appUrl}${photoUrl(p.claimId, p.id, 'large')} (claim ${p.claimId}, taken ${p.takenAt})`,
      );
      const photos = [...claimPhotos, ...handover];
      return repo.transaction(async (tx) => {
        const r = (await tx.lockRental(rentalId))!;
        const claims = await tx.claims(rentalId);
        const claim = claims.find((c) => c.id === claimId)!;
        if (claim.status !== 'disputed') return false;
        await tx.markEscalated(claim.id, at);
        const hold = await tx.hold(rentalId);
        for (const side of ['owner', 'renter'] as const) {
          await tell(
            tx,
            r,
            side,
            `claim.escalated:${claim.id}`,
            `Claim sent to Toolshed support: ${CLAIM_KIND_LABELS[claim.kind]}`,
            `The claim of ${formatPence(claim.amountPence)} for ${r.itemName} was not agreed within 7 days. Toolshed support has the evidence and will contact you both; the deposit stays held.`,
          );
        }
        // Sent before the transaction commits: if the mail fails, the claim stays disputed and the job tries again.
        await mailer.send({
          to: supportEmail,
          subject: `Disputed claim ${claim.id}: ${CLAIM_KIND_LABELS[claim.kind]}, ${formatPence(claim.amountPence)}`,
          text: evidencePack(r, hold, claims, claim, photos, appUrl),
        });
        return true;
      });
    },
  };
}
