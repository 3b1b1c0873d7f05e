import { claimWindowClosesAt, declineMessage, formatDate, formatPence, notReturnedHoldEndsAt, type IsoDate } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { CARD_JOB, type ClaimKit } from './claim-kit.ts';
import { UNSETTLED } from './deposit-view.ts';
import type { ClaimRental, DepositHold, DepositsWriter } from './deposits-repository.ts';
import type { DepositChallengesRepository } from './deposit-challenges-repository.ts';
import { depositCards } from './give-deposit-card.ts';
import { cardNeededBy, cardNeededText, holdsAt } from './deposit-timing.ts';
import { tellLapsed } from './lapse-notices.ts';

/** Authorises a scheduled deposit off-session, 24 hours before the start. */
export const AUTHORISE_JOB = 'deposits.authorise';
/** Cancels the rental if its deposit is still not held 12 hours before the start. */
export const CARD_DEADLINE_JOB = 'deposits.card_deadline';
/** Renews a held authorisation a day before it lapses, while the deposit is still needed. */
export const RENEW_JOB = 'deposits.renew';
/** Ends a hold whose renewal failed, when its authorisation lapses. */
export const LAPSE_JOB = 'deposits.lapse';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deposits held when they can last (decision 036): a scheduled deposit authorised off-session with
 * the saved payment method 24 hours before the start; a decline told to the renter, who may give
 * another card until 12 hours before the start, else the rental is cancelled (`deposit.not_held`,
 * the rentals module cancels); a held authorisation renewed a day before it lapses while the claim
 * window is still to close, or, when that fails, ended 'lapsed' when it lapses.
 */
export function depositSchedule(
  kit: ClaimKit,
  deps: {
    payments: PaymentProvider;
    events: EventBus;
    jobs: JobQueue;
    authorisationDays: number;
    challenges: DepositChallengesRepository;
  },
) {
  const { repo, tell } = kit;
  const { payments, events, jobs } = deps;
  const expiryFrom = (at: Date) => new Date(at.getTime() + deps.authorisationDays * DAY_MS);

  /** The renewal of this authorisation, a day before it lapses (the job decides whether it is still needed). */
  function scheduleRenewal(executor: Executor, holdId: string, authorizationId: string, expiresAt: Date) {
    return jobs.enqueue(
      RENEW_JOB,
      { holdId, authorizationId },
      { key: `${RENEW_JOB}:${authorizationId}`, runAt: new Date(expiresAt.getTime() - DAY_MS) },
      executor,
    );
  }

  /** After checkout recorded its deposits: each scheduled one is authorised 24 hours before its start, each held one renewed as needed. */
  async function afterRecorded(
    executor: Executor,
    recorded: ReadonlyArray<{
      holdId: string;
      startDate: IsoDate;
      authorizationId: string | null;
      expiresAt: Date | null;
      paymentMethodId: string | null;
    }>,
  ) {
    for (const h of recorded) {
      if (!h.authorizationId)
        await jobs.enqueue(
          AUTHORISE_JOB,
          { holdId: h.holdId },
          { key: `${AUTHORISE_JOB}:${h.holdId}`, runAt: holdsAt(h.startDate) },
          executor,
        );
      else if (h.expiresAt && h.paymentMethodId) await scheduleRenewal(executor, h.holdId, h.authorizationId, h.expiresAt);
    }
  }

  /** The rental, locked, and its deposit if it still waits to be held (the rental neither cancelled nor over). */
  async function lockScheduled(tx: DepositsWriter, rentalId: string, holdId: string) {
    const r = await tx.lockRental(rentalId);
    const hold = r ? await tx.hold(rentalId) : undefined;
    if (!r || !hold || hold.id !== holdId || hold.status !== 'scheduled') return undefined;
    return { r, hold };
  }

  /** The deposit is now held: posted, its renewal scheduled. */
  async function held(tx: DepositsWriter, hold: DepositHold, authorizationId: string, paymentMethodId: string, at: Date) {
    const expiresAt = expiryFrom(at);
    await tx.markHeld(hold, authorizationId, paymentMethodId, expiresAt);
    await scheduleRenewal(tx.executor, hold.id, authorizationId, expiresAt);
  }

  const release = (authorizationId: string) => payments.void(authorizationId).catch(() => undefined);
  const cards = depositCards(kit, { payments, challenges: deps.challenges, lockScheduled, held, release, jobs });

  /**
   * Whether the rental still needs its deposit held at `until`: not cancelled, and its claim window not
   * closed. A tool not marked returned keeps it until NOT_RETURNED_HOLD_DAYS after the end date, or
   * while an owner's claim on it waits (decision 042): renewals are bounded.
   */
  const stillNeeded = async (r: ClaimRental, until: Date) => {
    if (r.cancelled) return false;
    const closes = claimWindowClosesAt({ endDate: r.endDate, returnedAt: r.returnedAt ? new Date(r.returnedAt) : null });
    if (closes) return closes.getTime() > until.getTime();
    if (notReturnedHoldEndsAt(r.endDate).getTime() > until.getTime()) return true;
    return (await repo.claims(r.id)).some((c) => c.byRole === 'owner' && UNSETTLED.has(c.status));
  };

  return {
    afterRecorded,

    /** Job, 24 hours before the start: the saved card is authorised off-session; a decline is told to the renter at once. */
    async authorise(holdId: string, at: Date): Promise<'held' | 'declined' | 'ended' | 'nothing'> {
      const hold = await repo.holdById(holdId);
      if (hold?.status !== 'scheduled' || !hold.paymentMethodId) return 'nothing';
      const rental = await repo.rentalFor(hold.rentalId, hold.renterId);
      if (!rental || rental.cancelled || rental.returnedAt) {
        await repo.transaction(async (tx) => {
          if (await lockScheduled(tx, hold.rentalId, holdId)) await tx.endScheduled(holdId, at);
        });
        return 'ended';
      }
      const auth = await payments.authorize({
        amountPence: hold.amountPence,
        paymentMethodId: hold.paymentMethodId,
        offSession: true,
        // One reference per hold: a run that died after the processor answered finds the same authorisation again.
        reference: `deposit:${holdId}:authorise`,
      });
      const outcome = await repo.transaction(async (tx) => {
        const found = await lockScheduled(tx, hold.rentalId, holdId);
        if (!found || found.r.cancelled) return 'nothing' as const;
        const { r } = found;
        if (auth.ok) {
          await held(tx, found.hold, auth.authorizationId, hold.paymentMethodId!, at);
          return 'held' as const;
        }
        await tx.markDeclined(holdId, auth.reason, at);
        const by = cardNeededBy(r.startDate);
        await jobs.enqueue(CARD_DEADLINE_JOB, { holdId }, { key: `${CARD_DEADLINE_JOB}:${holdId}`, runAt: by }, tx.executor);
        await tell(
          tx,
          r,
          'renter',
          `deposit.declined:${holdId}:${at.toISOString()}`,
          `Deposit not held: ${r.itemName}`,
          `The ${formatPence(hold.amountPence)} deposit for ${r.itemName} (${formatDate(r.startDate)} to ${formatDate(r.endDate)}) could not be held on your saved card: ${declineMessage(auth.reason)} Please add another card on the rental page by ${cardNeededText(r.startDate)}, or the booking will be cancelled.`,
        );
        return 'declined' as const;
      });
      if (auth.ok && outcome !== 'held') await release(auth.authorizationId);
      return outcome === 'nothing' && !auth.ok ? 'nothing' : outcome;
    },

    /** Job, 12 hours before the start: a deposit still not held cancels the rental (the rentals module does it, not by a party). */
    async deadline(holdId: string, at: Date): Promise<boolean> {
      const hold = await repo.holdById(holdId);
      if (hold?.status !== 'scheduled') return false;
      return repo.transaction(async (tx) => {
        const found = await lockScheduled(tx, hold.rentalId, holdId);
        if (!found || found.r.cancelled || found.r.returnedAt) return false;
        const { r } = found;
        // Under the rental's lock: a bank's approval still on its way finds its challenge ended and holds nothing.
        await deps.challenges.failAwaitingOf(holdId, at, tx.executor);
        await events.publish(
          tx.executor,
          { type: 'deposit.not_held', rentalId: r.id, itemId: r.itemId, renterId: r.renterId, ownerId: r.ownerId },
          `deposit.not_held:${holdId}`,
        );
        return true;
      });
    },

    /** Another card for a deposit the saved one could not hold, its 3-D Secure challenge and the bank's answer (give-deposit-card.ts). */
    giveCard: cards.give,
    cardChallenge: cards.challenge,
    answerCardChallenge: cards.answer,
    sweepCardChallenge: cards.sweep,

    /**
     * Job, a day before a held authorisation lapses: while the deposit is still needed after it
     * lapses, the saved card is authorised again off-session and the old authorisation voided once
     * the new one is recorded; a decline leaves the hold to lapse (LAPSE_JOB), both parties told.
     */
    async renew(holdId: string, authorizationId: string, at: Date): Promise<'renewed' | 'failed' | 'not_needed'> {
      const hold = await repo.holdById(holdId);
      if (hold?.status !== 'held' || hold.authorizationId !== authorizationId || !hold.paymentMethodId || !hold.authorisationExpiresAt)
        return 'not_needed';
      const expiresAt = new Date(hold.authorisationExpiresAt);
      const rental = await repo.rentalFor(hold.rentalId, hold.renterId);
      if (!rental) return 'not_needed';
      if (!(await stillNeeded(rental, expiresAt))) {
        // A tool still not back when renewals stop: the hold ends when this authorisation lapses, both told.
        if (!rental.cancelled && !rental.returnedAt)
          await jobs.enqueue(
            LAPSE_JOB,
            { holdId, authorizationId },
            { key: `${LAPSE_JOB}:${authorizationId}:unreturned`, runAt: expiresAt },
          );
        return 'not_needed';
      }
      const auth = await payments.authorize({
        amountPence: hold.amountPence,
        paymentMethodId: hold.paymentMethodId,
        offSession: true,
        reference: `deposit:${holdId}:renew:${authorizationId}`,
      });
      const outcome = await repo.transaction(async (tx) => {
        const r = await tx.lockRental(hold.rentalId);
        const now = r ? await tx.hold(hold.rentalId) : undefined;
        if (!r || now?.status !== 'held' || now.authorizationId !== authorizationId) return 'not_needed' as const;
        if (auth.ok) {
          const renewedUntil = expiryFrom(at);
          await tx.renewed(holdId, auth.authorizationId, renewedUntil);
          await scheduleRenewal(tx.executor, holdId, auth.authorizationId, renewedUntil);
          return 'renewed' as const;
        }
        await tx.markDeclined(holdId, auth.reason, at);
        await jobs.enqueue(
          LAPSE_JOB,
          { holdId, authorizationId },
          { key: `${LAPSE_JOB}:${authorizationId}`, runAt: expiresAt },
          tx.executor,
        );
        return 'failed' as const;
      });
      if (outcome === 'renewed') await release(authorizationId);
      else if (auth.ok) await release(auth.authorizationId);
      return outcome;
    },

    /**
     * Job, when a hold whose renewal failed lapses, or the last authorisation of a tool not back in
     * time (no renewal then, decision 042): ended 'lapsed', released in the ledger; both parties told what is left.
     */
    async lapse(holdId: string, authorizationId: string, at: Date): Promise<boolean> {
      const hold = await repo.holdById(holdId);
      if (hold?.status !== 'held' || hold.authorizationId !== authorizationId) return false;
      return repo.transaction(async (tx) => {
        const r = await tx.lockRental(hold.rentalId);
        const now = r ? await tx.hold(hold.rentalId) : undefined;
        if (!r || now?.status !== 'held' || now.authorizationId !== authorizationId) return false;
        // Returned meanwhile: its release after the claim window (or a claim) settles it, not this.
        if (!now.declineReason && r.returnedAt) return false;
        // An owner's claim reported since renewals stopped: renewed now instead, while it waits.
        if (!now.declineReason && (await tx.claims(r.id)).some((c) => c.byRole === 'owner' && UNSETTLED.has(c.status))) {
          await jobs.enqueue(RENEW_JOB, { holdId, authorizationId }, { key: `${RENEW_JOB}:${authorizationId}:claim` }, tx.executor);
          return false;
        }
        await tx.markLapsed(now, at);
        // Voided too (it lapses at the issuer anyway), as every settled hold's authorisation is.
        await jobs.enqueue(CARD_JOB, { holdId }, { key: `${CARD_JOB}:${holdId}` }, tx.executor);
        await tellLapsed(tell, tx, r, now);
        return true;
      });
    },
  };
}

export type DepositSchedule = ReturnType<typeof depositSchedule>;
