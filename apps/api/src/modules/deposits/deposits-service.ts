import type { DepositView } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import { answerClaim } from './answer-claim.ts';
import { changeClaim } from './change-claim.ts';
import { claimPhotos } from './claim-photos.ts';
import { createClaimKit, notFound, type DepositsDeps } from './claim-kit.ts';
import { depositView, roleIn } from './deposit-view.ts';
import { reportClaim } from './report-claim.ts';
import { ruleClaim } from './rule-claim.ts';
import { settleDeposit } from './settle-deposit.ts';

export { CARD_JOB, ESCALATE_JOB, RELEASE_JOB, type DepositsDeps } from './claim-kit.ts';

/**
 * Deposits, claims and late fees applied. Every change locks the rental row first, so reports,
 * answers and settlements of one rental happen one at a time; each settles the money in the same
 * transaction (the ledger) and leaves the card's part (capture or release of the authorisation) to a
 * keyed job, so a processor that is away only delays it. One file per use case (report-claim.ts,
 * answer-claim.ts, change-claim.ts, claim-photos.ts, settle-deposit.ts, rule-claim.ts), composed here.
 */
export function createDepositsService(deps: DepositsDeps) {
  const kit = createClaimKit(deps);
  const { repo, now } = kit;
  return {
    async view(rentalId: string, userId: string): Promise<DepositView> {
      const r = isRowId(rentalId) ? await repo.rentalFor(rentalId, userId) : undefined;
      if (!r) throw notFound();
      const [hold, claims, photos] = await Promise.all([repo.hold(r.id), repo.claims(r.id), repo.photos(r.id)]);
      return depositView(r, hold, claims, roleIn(r, userId)!, now(), photos);
    },
    ...reportClaim(kit),
    ...answerClaim(kit),
    ...changeClaim(kit),
    ...claimPhotos(kit),
    ...settleDeposit(kit),
    ...ruleClaim(kit),
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
