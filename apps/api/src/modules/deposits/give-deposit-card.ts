import { AppError, cardProblems, declineMessage, formatPence, todayInLondon, type CardInput } from '@toolshed/core';
import type { DepositCardChallenge as ChallengeAnswer, DepositView } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { notFound, type ClaimKit } from './claim-kit.ts';
import type { ClaimRental, DepositHold, DepositsWriter } from './deposits-repository.ts';
import type { DepositCardChallenge, DepositChallengesRepository } from './deposit-challenges-repository.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { depositView } from './deposit-view.ts';

/** Fails a deposit card's challenge not answered in time (the job is keyed by the challenge). */
export const CARD_CHALLENGE_SWEEP_JOB = 'deposits.sweep-card-challenge';
/** How long the renter has to answer their bank's challenge for a deposit card: as long as at checkout. */
export const CARD_CHALLENGE_TIMEOUT_MS = 15 * 60_000;

/** The bank's page (the same as checkout's, decision 034), for a deposit card's challenge. */
export const depositChallengePageUrl = (challengeId: string) => `/bank/challenge/${challengeId}?for=deposit`;

type Source = { card: CardInput } | { authenticationId: string };
type Held = { kind: 'held'; view: DepositView } | { kind: 'declined'; reason: string } | { kind: 'gone' };

const refused = (reason: string) =>
  new AppError('PAYMENT_FAILED', `The deposit could not be held on this card. ${declineMessage(reason)}`, 'card');
const notWaiting = () => new AppError('CONFLICT', 'The deposit for this rental is not waiting for a card.');
const challengeNotFound = () => new AppError('NOT_FOUND', 'This check with your bank could not be found.');

/**
 * Another card for a deposit the saved one could not hold (decision 036): put to 3-D Secure first, as
 * at checkout; a card that needs none, or passes without a challenge, is saved and authorised at once;
 * one whose bank asks for a challenge is answered on the bank's page, and the deposit is held when the
 * bank approves (a failure is kept on the hold as its reason, and the renter may give another card).
 */
export function depositCards(
  kit: ClaimKit,
  deps: {
    payments: PaymentProvider;
    challenges: DepositChallengesRepository;
    lockScheduled: (tx: DepositsWriter, rentalId: string, holdId: string) => Promise<{ r: ClaimRental; hold: DepositHold } | undefined>;
    held: (tx: DepositsWriter, hold: DepositHold, authorizationId: string, paymentMethodId: string, at: Date) => Promise<void>;
    release: (authorizationId: string) => Promise<unknown>;
    jobs: JobQueue;
  },
) {
  const { repo, tell, now } = kit;
  const { payments, challenges } = deps;
  const timedOut = (c: DepositCardChallenge, at: Date) => at.getTime() >= c.createdAt.getTime() + CARD_CHALLENGE_TIMEOUT_MS;

  /** A challenge not answered in time fails: the reason is kept on the hold, and the renter may give a card again. */
  async function expire(c: DepositCardChallenge, at: Date): Promise<boolean> {
    if (!(await challenges.end(c.id, 'failed', at))) return false;
    await declined(c.rentalId, c.holdId, 'deposit_check_abandoned', at);
    return true;
  }

  /** Saves the card and authorises the deposit on it; held in one transaction with the owner told. */
  async function holdOn(rentalId: string, holdId: string, amountPence: number, source: Source, reference: string, at: Date): Promise<Held> {
    const saved = await payments.savePaymentMethod({ ...source, reference: `${reference}:card` });
    if (!saved.ok) return { kind: 'declined', reason: saved.reason };
    const auth = await payments.authorize({ amountPence, ...source, reference });
    if (!auth.ok) return { kind: 'declined', reason: auth.reason };
    const view = await repo.transaction(async (tx) => {
      const found = await deps.lockScheduled(tx, rentalId, holdId);
      if (!found || found.r.cancelled) return undefined;
      await deps.held(tx, found.hold, auth.authorizationId, saved.paymentMethodId, at);
      const r = found.r;
      await tell(
        tx,
        r,
        'owner',
        `deposit.held:${holdId}`,
        `Deposit held: ${r.itemName}`,
        `The ${formatPence(amountPence)} deposit for ${r.itemName} is now held on ${r.renterName}'s card.`,
      );
      return depositView(r, await tx.hold(rentalId), await tx.claims(rentalId), 'renter', at, await tx.photos(rentalId));
    });
    if (view) return { kind: 'held', view };
    // No longer waiting: ours is released, unless it is the very one the deposit is held with (the bank's answer sent twice).
    if ((await repo.holdById(holdId))?.authorizationId !== auth.authorizationId) await deps.release(auth.authorizationId);
    return { kind: 'gone' };
  }

  /** The bank's answer failed the card (or it was declined after it): kept as the hold's reason, while it still waits. */
  async function declined(rentalId: string, holdId: string, reason: string, at: Date) {
    await repo.transaction(async (tx) => {
      if (await deps.lockScheduled(tx, rentalId, holdId)) await tx.markDeclined(holdId, reason, at);
    });
  }

  return {
    /** The renter gives another card (renter only; anyone else 404): the deposit held at once, or the bank's challenge to answer first. */
    async give(rentalId: string, userId: string, card: CardInput): Promise<{ held: DepositView } | { challenge: ChallengeAnswer }> {
      const at = now();
      const r = isRowId(rentalId) ? await repo.rentalFor(rentalId, userId) : undefined;
      if (!r || r.renterId !== userId) throw notFound();
      const firstProblem = Object.entries(cardProblems(card, todayInLondon(at)))[0];
      if (firstProblem) throw new AppError('VALIDATION', firstProblem[1], `card.${firstProblem[0]}`);
      const hold = await repo.hold(r.id);
      if (r.cancelled || hold?.status !== 'scheduled') throw notWaiting();
      const reference = `deposit:${hold.id}:${at.toISOString()}`;
      const sca = await payments.authenticate({ amountPence: hold.amountPence, card, reference });
      if (sca.status === 'challenge') {
        const { authenticationId, brand, last4 } = sca;
        const challengeId = await challenges.record({
          holdId: hold.id,
          renterId: userId,
          authenticationId,
          amountPence: hold.amountPence,
          brand,
          last4,
          createdAt: at,
        });
        await deps.jobs.enqueue(
          CARD_CHALLENGE_SWEEP_JOB,
          { challengeId },
          { key: `${CARD_CHALLENGE_SWEEP_JOB}:${challengeId}`, runAt: new Date(at.getTime() + CARD_CHALLENGE_TIMEOUT_MS + 1_000) },
        );
        return { challenge: { challengeId, nextAction: { type: 'challenge', url: depositChallengePageUrl(challengeId) } } };
      }
      const source: Source = sca.status === 'authenticated' ? { authenticationId: sca.authenticationId } : { card };
      const done = await holdOn(r.id, hold.id, hold.amountPence, source, reference, at);
      if (done.kind === 'declined') throw refused(done.reason);
      if (done.kind === 'gone') throw notWaiting();
      return { held: done.view };
    },

    /** Job: a challenge still awaiting the bank's answer after CARD_CHALLENGE_TIMEOUT_MS fails. */
    async sweep(challengeId: string, at: Date): Promise<boolean> {
      const c = await challenges.byId(challengeId);
      if (c?.status !== 'awaiting' || !timedOut(c, at)) return false;
      return expire(c, at);
    },

    /** Where the renter's own challenge stands, for the bank's page (anyone else 404). */
    async challenge(challengeId: string, userId: string) {
      let c = isRowId(challengeId) ? await challenges.mine(challengeId, userId) : undefined;
      if (!c) throw challengeNotFound();
      const at = now();
      if (c.status === 'awaiting' && timedOut(c, at)) {
        await expire(c, at);
        c = { ...c, status: 'failed' };
      }
      const status = c.status === 'awaiting' ? 'awaiting_challenge' : c.status === 'held' ? 'succeeded' : 'failed';
      const { amountPence, brand, last4 } = c;
      return { status, rentalId: c.rentalId, challenge: c.status === 'awaiting' ? { amountPence, brand, last4 } : null } as const;
    },

    /**
     * The simulated bank's answer (the renter's own challenge only): approved, the deposit is held on
     * the card at once; failed, the reason is kept on the hold. Answered again, it changes nothing.
     */
    async answer(challengeId: string, userId: string, approve: boolean): Promise<{ returnUrl: string }> {
      const c = isRowId(challengeId) ? await challenges.mine(challengeId, userId) : undefined;
      if (!c) throw challengeNotFound();
      const returnUrl = `/rentals/${c.rentalId}`;
      if (c.status !== 'awaiting') return { returnUrl };
      const at = now();
      // Answered after its time (before the sweep ran): it has failed, as the sweep would fail it.
      if (timedOut(c, at)) {
        await expire(c, at);
        return { returnUrl };
      }
      const state = await payments.completeChallenge(c.authenticationId, approve).catch(() => 'failed' as const);
      if (state === 'pending') return { returnUrl };
      if (state === 'failed') {
        await declined(c.rentalId, c.holdId, 'authentication_failed', at);
        await challenges.end(c.id, 'failed', at);
        return { returnUrl };
      }
      const source = { authenticationId: c.authenticationId };
      const done = await holdOn(c.rentalId, c.holdId, c.amountPence, source, `deposit:${c.holdId}:challenge:${c.id}`, at);
      if (done.kind === 'declined') await declined(c.rentalId, c.holdId, done.reason, at);
      await challenges.end(c.id, done.kind === 'held' ? 'held' : 'failed', at);
      return { returnUrl };
    },
  };
}
