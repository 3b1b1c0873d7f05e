import { createHash } from 'node:crypto';
import {
  AppError,
  cardProblems,
  checkoutLineProblem,
  daysInclusive,
  declineMessage,
  formatDate,
  formatPence,
  lineTotalPence,
  priceBasket,
  todayInLondon,
  type CardInput,
  type ErrorCode,
} from '@toolshed/core';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider, PaymentSource } from '../../platform/payments/payment-provider.ts';
import type { CheckoutDeposits } from '../deposits/deposits-module.ts';
import type { AttemptFailure, AttemptRepository } from './attempt-repository.ts';
import type { PaymentRepository } from './payment-repository.ts';
import { BalanceChangedError, StaleClaimError, type CheckoutRepository, type NewRental } from './checkout-repository.ts';
import { BlockedDaysError } from '../calendar-sync/blocked-days-sql.ts';
import { CAPTURE_JOB, CAPTURE_SAFETY_DELAY_MS, captureJobKey, recordCapture } from './capture-job.ts';
import {
  ABANDONED_FAILURE,
  ATTEMPT_STALE_MS,
  CHALLENGE_TIMEOUT_MS,
  CRASHED_FAILURE,
  enqueueAttemptSweep,
  enqueueChallengeSweep,
} from './attempt-sweep-job.ts';
import { isRetryableConflict, pgCode, withTransactionRetries } from './transaction-retries.ts';
import { authorizeRequests, recordRequest, releaseRequests, requestLineProblem, splitCharges } from './request-lines.ts';

export interface CheckoutLineInput {
  itemId: string;
  startDate: string;
  endDate: string;
  /** HH:MM London time on the start date and on the end date, from the owner's handover slots (decision 038). */
  pickupTime?: string | undefined;
  returnTime?: string | undefined;
}

export interface CheckoutInput {
  lines: CheckoutLineInput[];
  card: CardInput;
  idempotencyKey: string;
  /** Pay from the renter's Toolshed balance before the card (default: yes, when there is one). */
  useBalance?: boolean;
}

export interface CheckoutDeps {
  repo: CheckoutRepository;
  attempts: AttemptRepository;
  paymentRecords: PaymentRepository;
  payments: PaymentProvider;
  jobs: JobQueue;
  events: EventBus;
  now?: () => Date;
  /** Told after every booking, so cached browse answers stop offering the booked days. */
  onBooked?: () => void;
  /** Each line's deposit: authorised beside the charge (held, not charged) and saved with the booking. */
  deposits?: CheckoutDeposits;
  /** Refuses (400) a handover time that is not one of its owner's slots on its day. */
  handoverTimes?: { checkChoices(lines: CheckoutLineInput[]): Promise<void> };
}

/** What a checkout answers: the order, or the bank's challenge to answer first (its attempt). */
export type CheckoutOutcome = { paymentId: string; replayed: boolean } | { challenge: { attemptId: string } };

/** How long a second confirm (another tab) waits for the first to finish before answering 'still processing'. */
const CONFIRM_WAIT_MS = 20_000;
const CONFIRM_POLL_MS = 100;

const EXCLUSION_VIOLATION = '23P01';
const STILL_PROCESSING = 'This payment is already being processed. Please wait a moment, then try again: you will not be charged twice.';

/** A day the owner's other calendar says is busy (calendar sync). */
function blockedMessage(name: string, line: CheckoutLineInput): string {
  return `${name} is not available on some of ${formatDate(line.startDate)} to ${formatDate(line.endDate)}. Please choose other dates.`;
}

function balanceChangedMessage(availablePence: number): string {
  return `Your Toolshed balance changed while you were paying (it is now ${formatPence(availablePence)}), so nothing was booked or charged. Please check out again.`;
}

function challengeHeldMessage(name: string, line: CheckoutLineInput): string {
  return `Someone else is paying for ${name} for some of ${formatDate(line.startDate)} to ${formatDate(line.endDate)} just now. Please choose other dates, or try again in 15 minutes.`;
}

function clashMessage(name: string, line: CheckoutLineInput): string {
  return `${name} is already booked for some of ${formatDate(line.startDate)} to ${formatDate(line.endDate)}. Please choose other dates.`;
}

/**
 * Books a wheelbarrow (decisions 005 and 012): every price recomputed from the database, every line
 * checked, the card authorised, then rentals, payment, ledger, events and the capture job written in
 * one transaction, then the payment captured. Before that commit any failure voids the hold and
 * books nothing; after it nothing voids the payment: a failed capture is left to the capture job.
 */
export function createCheckoutService({
  repo,
  attempts,
  paymentRecords,
  payments,
  jobs,
  events,
  now = () => new Date(),
  onBooked = () => {},
  deposits,
  handoverTimes,
}: CheckoutDeps) {
  async function claimAttempt(
    renterId: string,
    key: string,
    requestHash: string,
  ): Promise<{ id: string; claim: number } | { paymentId: string } | { challenge: { attemptId: string } }> {
    const at = now();
    const claim = await attempts.claim(renterId, key, requestHash, at);
    if (claim.claimed) return { id: claim.id, claim: claim.claim };
    const existing = claim.existing;
    if (existing.requestHash !== requestHash)
      throw new AppError('CONFLICT', 'This payment key was already used for a different checkout.', 'idempotencyKey');
    // The database's truth: a booking commits together with its attempt's success.
    if (existing.status === 'succeeded' && existing.paymentId) return { paymentId: existing.paymentId };
    // Paying again while the bank's challenge is open (the back button, a double click): the same challenge.
    if (existing.status === 'awaiting_challenge' && existing.challengeExpiresAt && existing.challengeExpiresAt > at)
      return { challenge: { attemptId: existing.id } };
    const reclaimed = await attempts.reclaim(existing.id, new Date(at.getTime() - ATTEMPT_STALE_MS), at);
    if (!reclaimed) throw new AppError('CONFLICT', STILL_PROCESSING, 'idempotencyKey');
    // A request that crashed after authorising left holds: release them before authorising again.
    for (const authorizationId of reclaimed.leftoverAuthorizations) await payments.void(authorizationId);
    return { id: existing.id, claim: reclaimed.claim };
  }

  async function priceLines(renterId: string, lines: CheckoutLineInput[], today: string, attemptId: string) {
    const found = await repo.lineItems(lines.map((l) => l.itemId));
    const booked: Array<NewRental & { bookingMode: 'instant' | 'request' }> = [];
    for (const line of lines) {
      const item = found.get(line.itemId);
      if (!item) throw new AppError('NOT_FOUND', 'An item in your wheelbarrow no longer exists. Please remove it and try again.', 'lines');
      const problem = checkoutLineProblem(
        { ...item, itemName: item.name, startDate: line.startDate, endDate: line.endDate },
        renterId,
        today,
      );
      if (problem) throw new AppError('VALIDATION', problem, 'lines');
      const tooSoon = requestLineProblem({ ...line, bookingMode: item.bookingMode }, item.name, now());
      if (tooSoon) throw new AppError('VALIDATION', tooSoon, 'lines');
      const days = daysInclusive(line.startDate, line.endDate);
      booked.push({
        ...line,
        ownerId: item.ownerId,
        dailyRatePence: item.dailyRatePence,
        weeklyRatePence: item.weeklyRatePence,
        bufferDays: item.bufferDays,
        cancellationPolicy: item.cancellationPolicy,
        bookingMode: item.bookingMode,
        totalPence: lineTotalPence(item.dailyRatePence, days, item.weeklyRatePence),
      });
    }
    const price = priceBasket(
      booked.map((b) => ({
        dailyRatePence: b.dailyRatePence,
        weeklyRatePence: b.weeklyRatePence,
        days: daysInclusive(b.startDate, b.endDate),
      })),
    );
    // A friendly early answer; the database constraint is the real guard.
    const clashing = await repo.clashes(lines);
    const firstClash = lines.find((l) => clashing.has(l.itemId));
    if (firstClash) throw new AppError('CONFLICT', clashMessage(found.get(firstClash.itemId)!.name, firstClash), 'lines');
    // Dates another renter's checkout holds while they answer their bank (until it times out). The renter's own
    // open challenge does not stop them paying again (other handover times, say): the booking's constraint lets one in.
    const held = await attempts.heldByChallenges(lines, attemptId, now(), renterId);
    const firstHeld = lines.find((l) => held.has(l.itemId));
    if (firstHeld) throw new AppError('CONFLICT', challengeHeldMessage(found.get(firstHeld.itemId)!.name, firstHeld), 'lines');
    const blocked = await repo.blockedDays(lines);
    const firstBlocked = lines.find((l) => blocked.has(l.itemId));
    if (firstBlocked) throw new AppError('CONFLICT', blockedMessage(found.get(firstBlocked.itemId)!.name, firstBlocked), 'lines');
    return {
      booked,
      price,
      nameOf: (itemId: string) => found.get(itemId)!.name,
      depositOf: (itemId: string) => found.get(itemId)!.depositPence,
    };
  }

  /**
   * Authorise, then book in one transaction (retried on serialization failures and deadlocks). A card
   * typed in is first put to 3-D Secure: when its bank asks for a challenge, nothing is authorised yet
   * and the attempt waits for it (answered `challenge`); `confirm` comes back here with the authentication.
   */
  async function bookAndPay(
    renterId: string,
    lines: CheckoutLineInput[],
    given: PaymentSource,
    attempt: { id: string; claim: number },
    today: string,
    useBalance: boolean,
  ): Promise<string | { challenge: { attemptId: string } }> {
    const { booked: priced, price, nameOf, depositOf } = await priceLines(renterId, lines, today, attempt.id);
    // Instant lines are charged together; each request line is authorised on its own (request-lines.ts).
    const split = splitCharges(priced, price);
    const booked = split.lines;
    // Each hold is recorded on the attempt as soon as the processor gives it, so that if this request
    // dies before booking, the retry or the sweep job releases every one (attempt-sweep-job.ts).
    const remember = (authorizationId: string) => attempts.recordAuthorization(attempt.id, attempt.claim, authorizationId, now());
    const remembering: PaymentProvider = {
      name: payments.name,
      async authorize(input) {
        const result = await payments.authorize(input);
        if (result.ok) await remember(result.authorizationId);
        return result;
      },
      capture: (id, amountPence) => payments.capture(id, amountPence),
      void: (id) => payments.void(id),
      refund: (input) => payments.refund(input),
      refundStatus: (id) => payments.refundStatus(id),
      authenticate: (input) => payments.authenticate(input),
      completeChallenge: (id, approved) => payments.completeChallenge(id, approved),
      authenticationStatus: (id) => payments.authenticationStatus(id),
      savePaymentMethod: (input) => payments.savePaymentMethod(input),
    };
    // The renter's balance pays first (what is charged now, never a request's or a deposit's hold);
    // the card is authorised for the rest (nothing, when the balance covers it: the card is checked).
    const balancePence = useBalance ? Math.min(Math.max(0, await repo.availableBalance(renterId)), split.instantPence) : 0;
    let card = given;
    if ('card' in given) {
      // Strong customer authentication, once for everything the checkout holds on the card.
      const depositsPence = booked.reduce((sum, b) => sum + depositOf(b.itemId), 0);
      const heldPence = split.instantPence - balancePence + split.requests.reduce((sum, r) => sum + r.amountPence, 0) + depositsPence;
      const sca = await payments.authenticate({ amountPence: heldPence, card: given.card, reference: attempt.id });
      if (sca.status === 'authenticated') card = { authenticationId: sca.authenticationId };
      if (sca.status === 'challenge') {
        const expiresAt = new Date(now().getTime() + CHALLENGE_TIMEOUT_MS);
        const parked = await attempts.awaitChallenge(
          attempt.id,
          attempt.claim,
          {
            authenticationId: sca.authenticationId,
            pending: { lines, useBalance, amountPence: heldPence, brand: sca.brand, last4: sca.last4 },
            expiresAt,
          },
          now(),
        );
        if (!parked) throw new StaleClaimError();
        await enqueueChallengeSweep(jobs, attempt, expiresAt);
        // Its dates now count as taken for browsing too, until the challenge ends.
        onBooked();
        return { challenge: { attemptId: attempt.id } };
      }
    }
    // One reference per claim of the attempt: a claim taken over after a crash has released the holds of the one before.
    const reference = `${attempt.id}:${attempt.claim}`;
    const auth = await remembering.authorize({ amountPence: split.instantPence - balancePence, ...card, reference });
    if (!auth.ok) throw new AppError('PAYMENT_FAILED', declineMessage(auth.reason), 'card');
    const requestHolds = await authorizeRequests(remembering, split, card, reference, now()).catch(async (err: unknown) => {
      await payments.void(auth.authorizationId);
      throw err;
    });
    // Deposits are held beside the charge, one authorisation per line that asks for one; a decline releases everything.
    const held = deposits
      ? await deposits.authorize(
          booked.map((b) => ({ depositPence: depositOf(b.itemId), startDate: b.startDate })),
          card,
          reference,
          remember,
        )
      : { ok: true as const, holds: [] };
    if (!held.ok) {
      await payments.void(auth.authorizationId);
      await releaseRequests(payments, requestHolds);
      throw new AppError('PAYMENT_FAILED', `The deposit could not be held on this card. ${declineMessage(held.reason)}`, 'card');
    }

    let inserting = 0;
    let paymentId: string;
    try {
      ({ paymentId } = await withTransactionRetries(() =>
        repo.book({
          attemptId: attempt.id,
          claim: attempt.claim,
          renterId,
          lines: booked,
          subtotalPence: price.subtotalPence,
          serviceFeePence: price.serviceFeePence,
          instantFeePence: split.instantFeePence,
          balancePence,
          card: { brand: auth.brand, last4: auth.last4 },
          provider: payments.name,
          providerReference: auth.authorizationId,
          now: now(),
          onInsert: (i) => (inserting = i),
          inTransaction: async (tx, { paymentId: id, rentalIds }) => {
            if (deposits && held.holds.length > 0)
              await deposits.record(tx, held.holds, { renterId, rentalIds, ownerIds: booked.map((b) => b.ownerId) });
            for (const [i, rentalId] of rentalIds.entries()) {
              const line = booked[i]!;
              if (line.request) {
                await recordRequest(tx, events, jobs, line, renterId, id);
                continue;
              }
              await events.publish(
                tx,
                { type: 'rental.booked', rentalId, itemId: line.itemId, renterId, ownerId: line.ownerId, paymentId: id },
                `rental.booked:${rentalId}`,
              );
            }
            await jobs.enqueue(
              CAPTURE_JOB,
              { paymentId: id },
              { key: captureJobKey(id), runAt: new Date(now().getTime() + CAPTURE_SAFETY_DELAY_MS) },
              tx,
            );
          },
        }),
      ));
    } catch (err) {
      // Nothing was booked: release the hold, and the deposits'.
      await payments.void(auth.authorizationId);
      await releaseRequests(payments, requestHolds);
      await deposits?.release(held.holds);
      if (err instanceof BlockedDaysError) {
        const line = lines.find((l) => l.itemId === err.itemId)!;
        throw new AppError('CONFLICT', blockedMessage(nameOf(line.itemId), line), 'lines');
      }
      if (err instanceof BalanceChangedError) throw new AppError('CONFLICT', balanceChangedMessage(err.availablePence), 'balance');
      if (pgCode(err) === EXCLUSION_VIOLATION) {
        const line = lines[inserting]!;
        throw new AppError('CONFLICT', clashMessage(nameOf(line.itemId), line), 'lines');
      }
      throw err;
    }
    onBooked();
    // Committed: the renter has their booking whatever the card processor says now.
    try {
      await payments.capture(auth.authorizationId);
      await recordCapture(paymentRecords, events, paymentId, now());
    } catch {
      await paymentRecords.move(paymentId, ['authorised'], 'capture_pending', now()).catch(() => undefined);
    }
    return paymentId;
  }

  const service = {
    /**
     * Returns the payment id of the booked order (new, or the one an earlier try with this key made),
     * or the attempt waiting for the bank's challenge (then `confirm` finishes it).
     */
    async checkout(renterId: string, input: CheckoutInput): Promise<CheckoutOutcome> {
      const today = todayInLondon(now());
      const problems = cardProblems(input.card, today);
      const firstProblem = Object.entries(problems)[0];
      if (firstProblem) throw new AppError('VALIDATION', firstProblem[1], `card.${firstProblem[0]}`);
      const ids = input.lines.map((l) => l.itemId);
      if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', 'Each item can be in the wheelbarrow only once.', 'lines');
      if (!(await repo.borrowerAddress(renterId))) {
        throw new AppError('VALIDATION', 'Please add your address to your profile before checking out.', 'address');
      }
      await handoverTimes?.checkChoices(input.lines);

      // Lines sorted by item, the order the booking locks them in.
      const lines = [...input.lines].sort((a, b) => a.itemId.localeCompare(b.itemId));
      // What the key was first used for: each line's dates and handover times, whatever order the client sent its fields in.
      const signature = lines.map((l) => [l.itemId, l.startDate, l.endDate, l.pickupTime ?? null, l.returnTime ?? null]);
      const requestHash = createHash('sha256').update(JSON.stringify(signature)).digest('hex');
      const attempt = await claimAttempt(renterId, input.idempotencyKey, requestHash);
      if ('paymentId' in attempt) return { paymentId: attempt.paymentId, replayed: true };
      if ('challenge' in attempt) return attempt;
      await enqueueAttemptSweep(jobs, attempt, now());
      return run(attempt, () => bookAndPay(renterId, lines, { card: input.card }, attempt, today, input.useBalance !== false));
    },

    /**
     * Finishes a checkout whose bank challenge was answered: authorises with the authentication and
     * books as a checkout does. Idempotent per attempt: asking again (another tab, the back button, the
     * bank's page and the payment page both) answers the same order or the same failure, and of two
     * at once one finishes it while the other waits for its answer.
     */
    async confirm(renterId: string, attemptId: string): Promise<{ paymentId: string; replayed: boolean }> {
      const waitUntil = Date.now() + CONFIRM_WAIT_MS;
      for (;;) {
        const found = await attempts.find(attemptId);
        if (!found || found.renterId !== renterId) throw new AppError('NOT_FOUND', 'There is no such payment.');
        if (found.status === 'succeeded' && found.paymentId) return { paymentId: found.paymentId, replayed: true };
        if (found.status === 'failed') throw failureError(found.failure ?? CRASHED_FAILURE);
        if (found.status === 'awaiting_challenge') {
          const at = now();
          if (!found.challengeExpiresAt || found.challengeExpiresAt <= at) {
            for (const id of (await attempts.expireChallenge(attemptId, ABANDONED_FAILURE, at))?.leftoverAuthorizations ?? [])
              await payments.void(id).catch(() => undefined);
            onBooked();
            continue;
          }
          const state = await payments.authenticationStatus(found.authenticationId!);
          if (state === 'pending') throw new AppError('CONFLICT', 'Please finish the check with your bank first.', 'challenge');
          const taken = await attempts.takeChallenge(attemptId, at);
          if (taken) {
            // No longer waiting on the bank: its dates are free unless it books them now.
            onBooked();
            const attempt = { id: attemptId, claim: taken.claim };
            await enqueueAttemptSweep(jobs, attempt, at);
            const pending = found.pending!;
            const outcome = await run(attempt, async () => {
              if (state === 'failed') throw new AppError('PAYMENT_FAILED', declineMessage('authentication_failed'), 'card');
              return bookAndPay(
                renterId,
                pending.lines,
                { authenticationId: found.authenticationId! },
                attempt,
                todayInLondon(at),
                pending.useBalance,
              );
            });
            if ('challenge' in outcome) throw new Error('An authenticated checkout asked for a challenge again.');
            return outcome;
          }
          continue;
        }
        // 'processing': another confirm (or a retry with the key) is finishing it; its answer is ours.
        if (Date.now() > waitUntil) throw new AppError('CONFLICT', STILL_PROCESSING, 'idempotencyKey');
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
      }
    },

    /** Where an attempt stands, for the bank's page and the payment page it returns to (the renter's own only). */
    async attempt(renterId: string, attemptId: string) {
      const found = await attempts.find(attemptId);
      if (!found || found.renterId !== renterId) throw new AppError('NOT_FOUND', 'There is no such payment.');
      const open = found.status === 'awaiting_challenge' && !!found.challengeExpiresAt && found.challengeExpiresAt > now();
      return {
        status: found.status === 'awaiting_challenge' && !open ? ('failed' as const) : (found.status as AttemptStatus),
        orderId: found.status === 'succeeded' ? found.paymentId : null,
        challenge:
          found.pending && found.challengeExpiresAt
            ? {
                amountPence: found.pending.amountPence,
                brand: found.pending.brand,
                last4: found.pending.last4,
                expiresAt: found.challengeExpiresAt.toISOString(),
              }
            : null,
        failure:
          found.status === 'failed'
            ? (found.failure ?? CRASHED_FAILURE)
            : !open && found.status === 'awaiting_challenge'
              ? ABANDONED_FAILURE
              : null,
      };
    },

    /**
     * The simulated issuer's page: the cardholder approves or refuses. The checkout is then finished
     * at once (as a real processor's notification would), so closing the tab after approving still books;
     * the payment page asks `confirm` again and gets the same answer.
     */
    async answerChallenge(renterId: string, attemptId: string, approved: boolean): Promise<void> {
      const found = await attempts.find(attemptId);
      if (!found || found.renterId !== renterId || !found.authenticationId) throw new AppError('NOT_FOUND', 'There is no such payment.');
      if (found.status === 'awaiting_challenge') await payments.completeChallenge(found.authenticationId, approved);
      await service.confirm(renterId, attemptId).catch((err: unknown) => {
        // The failure is recorded on the attempt: the payment page shows it.
        if (!(err instanceof AppError)) throw err;
      });
    },
  };
  return service;

  /** Runs a claim of an attempt, and on a failure releases its holds and records why (so asking again answers the same). */
  async function run<T extends string | { challenge: { attemptId: string } }>(
    attempt: { id: string; claim: number },
    work: () => Promise<T>,
  ): Promise<{ paymentId: string; replayed: boolean } | { challenge: { attemptId: string } }> {
    try {
      const result = await work();
      return typeof result === 'string' ? { paymentId: result, replayed: false } : result;
    } catch (err) {
      // The failure paths above release what they authorised; an error they did not foresee may not
      // have: every hold the attempt recorded is voided again (voiding is idempotent).
      for (const authorizationId of await attempts.fail(attempt.id, attempt.claim, now()))
        await payments.void(authorizationId).catch(() => undefined);
      if (err instanceof StaleClaimError) {
        const truth = await attempts.find(attempt.id);
        if (truth?.status === 'succeeded' && truth.paymentId) return { paymentId: truth.paymentId, replayed: true };
        throw new AppError('CONFLICT', STILL_PROCESSING, 'idempotencyKey');
      }
      if (isRetryableConflict(err))
        throw new AppError('UNAVAILABLE', 'Bookings are very busy just now, and nothing was charged. Please try again in a moment.');
      if (err instanceof AppError)
        await attempts.recordFailure(attempt.id, attempt.claim, {
          code: err.code,
          message: err.message,
          ...(err.field ? { field: err.field } : {}),
        });
      throw err;
    }
  }
}

type AttemptStatus = 'processing' | 'awaiting_challenge' | 'succeeded' | 'failed';

/** The recorded failure, answered again as it was first. */
function failureError(failure: AttemptFailure): AppError {
  return new AppError(failure.code as ErrorCode, failure.message, failure.field);
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
