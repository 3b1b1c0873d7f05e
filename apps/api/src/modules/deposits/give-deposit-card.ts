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
/** `duplicate`: the bank's answer sent twice, the deposit already held with this very authorisation. */
type Held = { kind: 'held'; view: DepositView } | { kind: 'declined'; reason: string } | { kind: 'gone' } | { kind: 'duplicate' };
/** The deposit a card is given for, and the challenge it answers (none when no challenge was asked). */
type Target = { rentalId: string; holdId: string; amountPence: number; challengeId?: string };

const refused = (reason: string) =>
  new AppError('PAYMENT_FAILED', `The deposit could not be held on this card. ${declineMessage(reason)}`, 'card');
const notWaiting = () => new AppError('CONFLICT', 'The deposit for this rental is not waiting for a card.');
const challengeNotFound = () => new AppError('NOT_FOUND', 'This check with your bank could not be found.');
const challengeEnded = () =>
  new AppError(
    'CONFLICT',
    'This check with your bank had already ended (it ran out of time, or the deposit stopped waiting for a card), so nothing was held on this card. Please see the rental page.',
  );

type CardDeps = {
  payments: PaymentProvider;
  challenges: DepositChallengesRepository;
  lockScheduled: (tx: DepositsWriter, rentalId: string, holdId: string) => Promise<{ r: ClaimRental; hold: DepositHold } | undefined>;
  held: (tx: DepositsWriter, hold: DepositHold, authorizationId: string, paymentMethodId: string, at: Date) => Promise<void>;
  release: (authorizationId: string) => Promise<unknown>;
  jobs: JobQueue;
};
type Cards = { kit: ClaimKit; deps: CardDeps };

const timedOut = (c: DepositCardChallenge, at: Date) => at.getTime() >= c.createdAt.getTime() + CARD_CHALLENGE_TIMEOUT_MS;

/**
 * The card failed (its check failed, timed out, or it declined after it): kept as the hold's reason
 * while the deposit still waits. With a challenge, only if this ends it: under the rental's lock, so
 * of the bank's approval and the sweep one wins and the other does nothing. Answers whether it did.
 */
function declined({ kit, deps }: Cards, t: Target, reason: string, at: Date): Promise<boolean> {
  return kit.repo.transaction(async (tx) => {
    const found = await deps.lockScheduled(tx, t.rentalId, t.holdId);
    if (t.challengeId && !(await deps.challenges.end(t.challengeId, 'failed', at, tx.executor))) return false;
    if (found) await tx.markDeclined(t.holdId, reason, at);
    return true;
  });
}

/** A challenge not answered in time fails: the reason is kept on the hold, and the renter may give a card again. */
const expire = (cards: Cards, c: DepositCardChallenge, at: Date) =>
  declined(cards, { ...c, challengeId: c.id }, 'deposit_check_abandoned', at);

/**
 * Saves the card and authorises the deposit on it; held in one transaction with the owner told and
 * the challenge (if any) ended, so a sweep or the deadline that ended it first leaves nothing held.
 */
async function holdOn({ kit, deps }: Cards, t: Target, source: Source, reference: string, at: Date): Promise<Held> {
  const { repo, tell } = kit;
  const saved = await deps.payments.savePaymentMethod({ ...source, reference: `${reference}:card` });
  if (!saved.ok) return { kind: 'declined', reason: saved.reason };
  const auth = await deps.payments.authorize({ amountPence: t.amountPence, ...source, reference });
  if (!auth.ok) return { kind: 'declined', reason: auth.reason };
  const view = await repo.transaction(async (tx) => {
    const found = await deps.lockScheduled(tx, t.rentalId, t.holdId);
    const holds = !!found && !found.r.cancelled;
    if (t.challengeId && !(await deps.challenges.end(t.challengeId, holds ? 'held' : 'failed', at, tx.executor))) return undefined;
    if (!found || !holds) return undefined;
    await deps.held(tx, found.hold, auth.authorizationId, saved.paymentMethodId, at);
    const r = found.r;
    await tell(
      tx,
      r,
      'owner',
      `deposit.held:${t.holdId}`,
      `Deposit held: ${r.itemName}`,
      `The ${formatPence(t.amountPence)} deposit for ${r.itemName} is now held on ${r.renterName}'s card.`,
    );
    return depositView(r, await tx.hold(t.rentalId), await tx.claims(t.rentalId), 'renter', at, await tx.photos(t.rentalId));
  });
  if (view) return { kind: 'held', view };
  // No longer waiting: ours is released, unless it is the very one the deposit is held with (the bank's answer sent twice).
  if ((await repo.holdById(t.holdId))?.authorizationId === auth.authorizationId) return { kind: 'duplicate' };
  await deps.release(auth.authorizationId);
  return { kind: 'gone' };
}

/** The renter gives another card (renter only; anyone else 404): the deposit held at once, or the bank's challenge to answer first. */
async function give(
  cards: Cards,
  rentalId: string,
  userId: string,
  card: CardInput,
): Promise<{ held: DepositView } | { challenge: ChallengeAnswer }> {
  const { repo, now } = cards.kit;
  const at = now();
  const r = isRowId(rentalId) ? await repo.rentalFor(rentalId, userId) : undefined;
  if (!r || r.renterId !== userId) throw notFound();
  const firstProblem = Object.entries(cardProblems(card, todayInLondon(at)))[0];
  if (firstProblem) throw new AppError('VALIDATION', firstProblem[1], `card.${firstProblem[0]}`);
  const hold = await repo.hold(r.id);
  if (r.cancelled || hold?.status !== 'scheduled') throw notWaiting();
  const reference = `deposit:${hold.id}:${at.toISOString()}`;
  const sca = await cards.deps.payments.authenticate({ amountPence: hold.amountPence, card, reference });
  if (sca.status === 'challenge') {
    const { authenticationId, brand, last4 } = sca;
    const record = { holdId: hold.id, renterId: userId, authenticationId, amountPence: hold.amountPence, brand, last4, createdAt: at };
    const challengeId = await cards.deps.challenges.record(record);
    await cards.deps.jobs.enqueue(
      CARD_CHALLENGE_SWEEP_JOB,
      { challengeId },
      { key: `${CARD_CHALLENGE_SWEEP_JOB}:${challengeId}`, runAt: new Date(at.getTime() + CARD_CHALLENGE_TIMEOUT_MS + 1_000) },
    );
    return { challenge: { challengeId, nextAction: { type: 'challenge', url: depositChallengePageUrl(challengeId) } } };
  }
  const source: Source = sca.status === 'authenticated' ? { authenticationId: sca.authenticationId } : { card };
  const done = await holdOn(cards, { rentalId: r.id, holdId: hold.id, amountPence: hold.amountPence }, source, reference, at);
  if (done.kind === 'declined') throw refused(done.reason);
  if (done.kind !== 'held') throw notWaiting();
  return { held: done.view };
}

/**
 * The simulated bank's answer (the renter's own challenge only): approved, the deposit is held on
 * the card at once; failed, the reason is kept on the hold. Answered again, it changes nothing. An
 * approval that the sweep or the deadline overtook (it ended the challenge first) holds nothing and
 * says so; its authorisation is voided.
 */
async function answer(cards: Cards, challengeId: string, userId: string, approve: boolean): Promise<{ returnUrl: string }> {
  const c = isRowId(challengeId) ? await cards.deps.challenges.mine(challengeId, userId) : undefined;
  if (!c) throw challengeNotFound();
  const returnUrl = `/rentals/${c.rentalId}`;
  if (c.status !== 'awaiting') return { returnUrl };
  const at = cards.kit.now();
  // Answered after its time (before the sweep ran): it has failed, as the sweep would fail it.
  if (timedOut(c, at)) {
    await expire(cards, c, at);
    return { returnUrl };
  }
  const target: Target = { ...c, challengeId: c.id };
  const state = await cards.deps.payments.completeChallenge(c.authenticationId, approve).catch(() => 'failed' as const);
  if (state === 'pending') return { returnUrl };
  if (state === 'failed') {
    await declined(cards, target, 'authentication_failed', at);
    return { returnUrl };
  }
  const done = await holdOn(cards, target, { authenticationId: c.authenticationId }, `deposit:${c.holdId}:challenge:${c.id}`, at);
  if (done.kind === 'declined') await declined(cards, target, done.reason, at);
  if (done.kind === 'gone') throw challengeEnded();
  return { returnUrl };
}

/** Where the renter's own challenge stands, for the bank's page (anyone else 404). */
async function challengeState(cards: Cards, challengeId: string, userId: string) {
  let c = isRowId(challengeId) ? await cards.deps.challenges.mine(challengeId, userId) : undefined;
  if (!c) throw challengeNotFound();
  const at = cards.kit.now();
  if (c.status === 'awaiting' && timedOut(c, at)) {
    await expire(cards, c, at);
    c = { ...c, status: 'failed' };
  }
  const status = c.status === 'awaiting' ? 'awaiting_challenge' : c.status === 'held' ? 'succeeded' : 'failed';
  const { amountPence, brand, last4 } = c;
  return { status, rentalId: c.rentalId, challenge: c.status === 'awaiting' ? { amountPence, brand, last4 } : null } as const;
}

/** Job: a challenge still awaiting the bank's answer after CARD_CHALLENGE_TIMEOUT_MS fails (unless an approval ended it first). */
async function sweep(cards: Cards, challengeId: string, at: Date): Promise<boolean> {
  const c = await cards.deps.challenges.byId(challengeId);
  if (!c || !timedOut(c, at)) return false;
  return expire(cards, c, at);
}

/**
 * Another card for a deposit the saved one could not hold (decision 036): put to 3-D Secure first, as
 * at checkout; a card that needs none, or passes without a challenge, is saved and authorised at once;
 * one whose bank asks for a challenge is answered on the bank's page, and the deposit is held when the
 * bank approves (a failure is kept on the hold as its reason, and the renter may give another card).
 */
export function depositCards(kit: ClaimKit, deps: CardDeps) {
  const cards: Cards = { kit, deps };
  return {
    give: (rentalId: string, userId: string, card: CardInput) => give(cards, rentalId, userId, card),
    sweep: (challengeId: string, at: Date) => sweep(cards, challengeId, at),
    challenge: (challengeId: string, userId: string) => challengeState(cards, challengeId, userId),
    answer: (challengeId: string, userId: string, approve: boolean) => answer(cards, challengeId, userId, approve),
  };
}
