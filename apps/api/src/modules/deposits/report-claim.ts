import { AppError, CLAIM_KIND_LABELS, claimProblem, formatDate, formatPence } from '@toolshed/core';
import type { ClaimInput, DepositView } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import { depositView, facts } from './deposit-view.ts';
import { notFound, UNIQUE_VIOLATION, type ClaimKit } from './claim-kit.ts';

/** Reporting a problem: either party, within the window after the return. */
export function reportClaim(kit: ClaimKit) {
  const { repo, now, lockParty, tell } = kit;
  return {
    /** One party reports a problem within the window; the other is told. */
    async report(rentalId: string, userId: string, input: ClaimInput): Promise<DepositView> {
      if (!isRowId(rentalId)) throw notFound();
      const at = now();
      try {
        return await repo.transaction(async (tx) => {
          const { r, role } = await lockParty(tx, rentalId, userId);
          const [hold, claims] = [await tx.hold(r.id), await tx.claims(r.id)];
          const f = facts(r, hold, claims);
          // Whether this problem may be reported at all (a conflict), then whether the amount fits (the form's field).
          const refusal = claimProblem({ ...input, amountPence: 1, role }, f, at);
          if (refusal) throw new AppError('CONFLICT', refusal);
          const amountProblem = claimProblem({ ...input, role }, f, at);
          if (amountProblem) throw new AppError('VALIDATION', amountProblem, 'amountPence');
          await tx.insertClaim({
            rentalId: r.id,
            byUserId: userId,
            byRole: role,
            kind: input.kind,
            amountPence: input.amountPence,
            note: input.note,
            at,
          });
          const other = role === 'owner' ? 'renter' : 'owner';
          const name = role === 'owner' ? r.ownerName : r.renterName;
          await tell(
            tx,
            r,
            other,
            `claim.reported:${r.id}:${input.kind}`,
            `${name} reported a problem: ${CLAIM_KIND_LABELS[input.kind]}`,
            `${name} claims ${formatPence(input.amountPence)} for ${r.itemName} (${formatDate(r.startDate)} to ${formatDate(r.endDate)}): "${input.note}". Accept it or dispute it on the rental page.`,
          );
          return depositView(r, hold, await tx.claims(r.id), role, at, await tx.photos(r.id));
        });
      } catch (err) {
        if (
          (err as { code?: string; cause?: { code?: string } }).code === UNIQUE_VIOLATION ||
          (err as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION
        ) {
          throw new AppError('CONFLICT', 'This problem has already been reported for this rental.');
        }
        throw err;
      }
    },
  };
}
