import {
  AppError,
  CLAIM_KIND_LABELS,
  CLAIM_PHOTO_MESSAGES,
  claimAnswerProblem,
  claimChangeProblem,
  claimPhotoProblem,
  claimProblem,
  claimWindowClosesAt,
  escalatesAt,
  formatDate,
  formatPence,
  sniffImage,
  type ClaimChange,
} from '@toolshed/core';
import type { ClaimInput, DepositView } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { Executor } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { storeItemImage } from '../../platform/images/store-image.ts';
import type { FileStorage, StoredFile } from '../../platform/storage/file-storage.ts';
import type { Notice } from '../notifications/notifier.ts';
import type { ClaimRecord, ClaimRental, DepositHold, DepositsRepository, DepositsWriter } from './deposits-repository.ts';
import { UNSETTLED, changeFacts, depositView, facts, photoUrl, roleIn } from './deposit-view.ts';
import { evidencePack } from './evidence-pack.ts';

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

const notFound = () => new AppError('NOT_FOUND', 'Rental not found.');
const claimNotFound = () => new AppError('NOT_FOUND', 'Claim not found.');
const UNIQUE_VIOLATION = '23505';

/**
 * Deposits, claims and late fees applied. Every change locks the rental row first, so reports,
 * answers and settlements of one rental happen one at a time; each settles the money in the same
 * transaction (the ledger) and leaves the card's part (capture or release of the authorisation) to a
 * keyed job, so a processor that is away only delays it.
 */
export function createDepositsService({
  repo,
  jobs,
  mailer,
  storage,
  supportEmail,
  appUrl,
  now,
  notify,
  evidencePhotos = async () => [],
}: DepositsDeps) {
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
    async view(rentalId: string, userId: string): Promise<DepositView> {
      const r = isRowId(rentalId) ? await repo.rentalFor(rentalId, userId) : undefined;
      if (!r) throw notFound();
      const [hold, claims, photos] = await Promise.all([repo.hold(r.id), repo.claims(r.id), repo.photos(r.id)]);
      return depositView(r, hold, claims, roleIn(r, userId)!, now(), photos);
    },

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

    /** Before the upload is read: a party of the claim's rental who may add a photo now, so a refused photo is not even decoded. */
    async assertCanAddPhoto(claimId: string, userId: string): Promise<void> {
      const { claim, role, mine } = await claimParty(claimId, userId);
      const problem = claimPhotoProblem({ state: claim.status, byRole: claim.byRole }, role, mine);
      if (problem)
        throw new AppError(
          problem === CLAIM_PHOTO_MESSAGES.tooMany ? 'VALIDATION' : problem === CLAIM_PHOTO_MESSAGES.notYours ? 'FORBIDDEN' : 'CONFLICT',
          problem,
          'file',
        );
    },

    /**
     * Stores one photo of a claim (sniffed by its bytes, resized to WebP, metadata and GPS stripped),
     * time-stamped by the server. Checked again under the rental's lock; on a refusal the stored files
     * are removed, so nothing changes.
     */
    async addPhoto(claimId: string, userId: string, data: Buffer): Promise<DepositView> {
      const { r } = await claimParty(claimId, userId);
      if (!sniffImage(data)) throw new AppError('VALIDATION', CLAIM_PHOTO_MESSAGES.notImage, 'file');
      let stored;
      try {
        stored = await storeItemImage(storage, claimId, data, 'private/claims');
      } catch {
        throw new AppError('VALIDATION', 'This image could not be read. Please try another file.', 'file');
      }
      try {
        return await repo.transaction(async (tx) => {
          const { role } = await lockParty(tx, r.id, userId);
          const claim = (await tx.claims(r.id)).find((c) => c.id === claimId)!;
          const problem = claimPhotoProblem({ state: claim.status, byRole: claim.byRole }, role, await tx.photoCount(claimId, userId));
          if (problem) throw new AppError(problem === CLAIM_PHOTO_MESSAGES.tooMany ? 'VALIDATION' : 'CONFLICT', problem, 'file');
          const at = now();
          await tx.addPhoto({
            id: stored.id,
            claimId,
            addedBy: userId,
            largeKey: stored.largeKey,
            thumbKey: stored.thumbKey,
            width: stored.width,
            height: stored.height,
            at,
          });
          return depositView(r, await tx.hold(r.id), await tx.claims(r.id), role, at, await tx.photos(r.id));
        });
      } catch (err) {
        await Promise.all([storage.remove(stored.largeKey), storage.remove(stored.thumbKey)]).catch(() => undefined);
        throw err;
      }
    },

    /** One claim photo's bytes, for the rental's parties only (anyone else: 404). */
    async photoFile(claimId: string, userId: string, photoId: string, size: 'large' | 'thumb'): Promise<StoredFile> {
      const { r } = await claimParty(claimId, userId);
      const photo = isRowId(photoId) ? (await repo.photos(r.id)).find((p) => p.id === photoId && p.claimId === claimId) : undefined;
      const file = photo ? await storage.get(size === 'thumb' ? photo.thumbKey : photo.largeKey) : null;
      if (!file) throw new AppError('NOT_FOUND', 'Photo not found.');
      return file;
    },

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

    /** A cancelled rental (by a party, or because the payment could not be taken) releases its hold at once. */
    async releaseCancelled(rentalId: string, at: Date): Promise<void> {
      await repo.transaction(async (tx) => {
        const r = await tx.lockRental(rentalId);
        const hold = r?.cancelled ? await tx.hold(rentalId) : undefined;
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

export type DepositsService = ReturnType<typeof createDepositsService>;
