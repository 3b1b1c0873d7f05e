import { AppError, CLAIM_KIND_LABELS, claimChangeProblem, type ClaimChange } from '@toolshed/core';
import { isRowId } from '../../db/ids.ts';
import type { Executor } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { Notice } from '../notifications/notifier.ts';
import type { ClaimRecord, ClaimRental, DepositHold, DepositsRepository, DepositsWriter } from './deposits-repository.ts';
import { UNSETTLED, changeFacts, roleIn } from './deposit-view.ts';

export const CARD_JOB = 'deposits.card';
export const RELEASE_JOB = 'deposits.release';
export const ESCALATE_JOB = 'deposits.escalate';

export interface DepositsDeps {
  repo: DepositsRepository;
  jobs: JobQueue;
  mailer: Mailer;
  /** Where claim photos are kept (privately, under private/claims). */
  storage: FileStorage;
  supportEmail: string;
  appUrl: string;
  now: () => Date;
  /** Sends an in-app notice, and an email when the person's preferences allow, in the caller's transaction. */
  notify: (tx: Executor, notice: Notice) => Promise<unknown>;
  /** The photos that belong in a dispute's evidence pack (the handover's before and after), as links. */
  evidencePhotos?: (rentalId: string) => Promise<string[]>;
}

export const notFound = () => new AppError('NOT_FOUND', 'Rental not found.');
export const claimNotFound = () => new AppError('NOT_FOUND', 'Claim not found.');
export const UNIQUE_VIOLATION = '23505';

/**
 * What every use case of deposits and claims shares: the service's dependencies, and the steps
 * they are made of (telling the other party, settling a hold, finding and locking the asker's
 * claim or rental, refusing a change the rules forbid, paying an accepted claim).
 */
export function createClaimKit(deps: DepositsDeps) {
  const { repo, jobs, notify } = deps;
  /** The other party hears of every step, in the app and by email as their preferences allow. */
  function tell(tx: DepositsWriter, r: ClaimRental, to: 'owner' | 'renter', key: string, title: string, body: string) {
    return notify(tx.executor, {
      userId: to === 'owner' ? r.ownerId : r.renterId,
      kind: 'rental.claim',
      tab: to === 'owner' ? 'items' : 'rentals',
      groupKey: r.id,
      itemId: r.itemId,
      rentalId: r.id,
      link: `/rentals/${r.id}`,
      eventKey: key,
      title,
      body,
    });
  }

  /** Ends the hold: what the owner's accepted claims add up to is captured, the rest released. */
  async function settle(tx: DepositsWriter, hold: DepositHold, claims: readonly ClaimRecord[], at: Date): Promise<number> {
    const captured = claims.filter((c) => c.byRole === 'owner' && c.status === 'accepted').reduce((s, c) => s + c.amountPence, 0);
    await tx.settleHold(hold, captured, at);
    await jobs.enqueue(CARD_JOB, { holdId: hold.id }, { key: `${CARD_JOB}:${hold.id}` }, tx.executor);
    return captured;
  }

  /** The claim, its rental and the asker's side, if the asker is a party (anyone else: 404). */
  async function claimParty(claimId: string, userId: string) {
    const rentalId = isRowId(claimId) ? await repo.rentalOfClaim(claimId) : undefined;
    const r = rentalId ? await repo.rentalFor(rentalId, userId) : undefined;
    if (!r) throw claimNotFound();
    const role = roleIn(r, userId)!;
    const claim = (await repo.claims(r.id)).find((c) => c.id === claimId)!;
    const mine = (await repo.photos(r.id)).filter((p) => p.claimId === claimId && p.addedBy === userId).length;
    return { r, role, claim, mine };
  }

  async function lockParty(tx: DepositsWriter, rentalId: string, userId: string) {
    const r = await tx.lockRental(rentalId);
    const role = r ? roleIn(r, userId) : null;
    if (!r || !role) throw notFound();
    return { r, role };
  }

  /** The claim's rental locked, the asker's side and the claim; anyone but a party: 404. */
  async function lockClaim(tx: DepositsWriter, claimId: string, userId: string) {
    const rentalId = await tx.rentalOfClaim(claimId);
    if (!rentalId) throw claimNotFound();
    const { r, role } = await lockParty(tx, rentalId, userId).catch(() => {
      throw claimNotFound();
    });
    const claim = (await tx.claims(r.id)).find((c) => c.id === claimId)!;
    return { r, role, claim };
  }

  /** A change the rules refuse: the wrong side is forbidden, the claim's state a conflict, the amount the form's field. */
  function refuseChange(claim: ClaimRecord, role: 'owner' | 'renter', change: ClaimChange, amountPence?: number) {
    const problem = claimChangeProblem(changeFacts(claim), role, change, amountPence);
    if (!problem) return;
    if (problem.status === 'amount') throw new AppError('VALIDATION', problem.message, 'amountPence');
    throw new AppError(problem.status === 'forbidden' ? 'FORBIDDEN' : 'CONFLICT', problem.message);
  }

  /**
   * An accepted claim's money: a renter's back from the owner's earnings; an owner's from the hold,
   * settled once no other claim of the owner's waits (captured what was accepted, the rest released).
   */
  async function payAccepted(tx: DepositsWriter, r: ClaimRental, claim: ClaimRecord, at: Date): Promise<DepositHold | undefined> {
    const after = await tx.claims(r.id);
    const hold = await tx.hold(r.id);
    if (claim.byRole === 'renter') {
      await tx.refundClaim(
        after.find((c) => c.id === claim.id)!,
        r,
      );
    } else if (hold?.status === 'held' && !after.some((c) => c.byRole === 'owner' && UNSETTLED.has(c.status))) {
      await settle(tx, hold, after, at);
      return tx.hold(r.id);
    }
    return hold;
  }

  const kindOf = (claim: ClaimRecord) => CLAIM_KIND_LABELS[claim.kind].toLowerCase();

  return {
    ...deps,
    evidencePhotos: deps.evidencePhotos ?? (async () => []),
    tell,
    settle,
    claimParty,
    lockParty,
    lockClaim,
    refuseChange,
    payAccepted,
    kindOf,
  };
}

export type ClaimKit = ReturnType<typeof createClaimKit>;
