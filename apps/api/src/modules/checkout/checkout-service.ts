import { createHash } from 'node:crypto';
import {
  AppError,
  cardDigits,
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
} from '@toolshed/core';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { CheckoutDeposits } from '../deposits/deposits-module.ts';
import type { AttemptRepository } from './attempt-repository.ts';
import type { PaymentRepository } from './payment-repository.ts';
import { BalanceChangedError, StaleClaimError, type CheckoutRepository, type NewRental } from './checkout-repository.ts';
import { BlockedDaysError } from '../calendar-sync/blocked-days-sql.ts';
import { CAPTURE_JOB, CAPTURE_SAFETY_DELAY_MS, captureJobKey, recordCapture } from './capture-job.ts';
import { ATTEMPT_STALE_MS, enqueueAttemptSweep } from './attempt-sweep-job.ts';
import { isRetryableConflict, pgCode, withTransactionRetries } from './transaction-retries.ts';
import { authorizeRequests, recordRequest, releaseRequests, requestLineProblem, splitCharges } from './request-lines.ts';

export interface CheckoutLineInput {
  itemId: string;
  startDate: string;
  endDate: string;
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
}

const EXCLUSION_VIOLATION = '23P01';
const STILL_PROCESSING = 'This payment is already being processed. Please wait a moment, then try again: you will not be charged twice.';

/** A day the owner's other calendar says is busy (calendar sync). */
function blockedMessage(name: string, line: CheckoutLineInput): string {
  return `${name} is not available on some of ${formatDate(line.startDate)} to ${formatDate(line.endDate)}. Please choose other dates.`;
}

function balanceChangedMessage(availablePence: number): string {
  return `Your Toolshed balance changed while you were paying (it is now ${formatPence(availablePence)}), so nothing was booked or charged. Please check out again.`;
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
}: CheckoutDeps) {
  async function claimAttempt(
    renterId: string,
    key: string,
    requestHash: string,
  ): Promise<{ id: string; claim: number } | { paymentId: string }> {
    const at = now();
    const claim = await attempts.claim(renterId, key, requestHash, at);
    if (claim.claimed) return { id: claim.id, claim: claim.claim };
    const existing = claim.existing;
    if (existing.requestHash !== requestHash)
      throw new AppError('CONFLICT', 'This payment key was already used for a different checkout.', 'idempotencyKey');
    // The database's truth: a booking commits together with its attempt's success.
    if (existing.status === 'succeeded' && existing.paymentId) return { paymentId: existing.paymentId };
    const reclaimed = await attempts.reclaim(existing.id, new Date(at.getTime() - ATTEMPT_STALE_MS), at);
    if (!reclaimed) throw new AppError('CONFLICT', STILL_PROCESSING, 'idempotencyKey');
    // A request that crashed after authorising left holds: release them before authorising again.
    for (const authorizationId of reclaimed.leftoverAuthorizations) await payments.void(authorizationId);
    return { id: existing.id, claim: reclaimed.claim };
  }

  async function priceLines(renterId: string, lines: CheckoutLineInput[], today: string) {
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

  /** Authorise, then book in one transaction (retried on serialization failures and deadlocks). */
  async function bookAndPay(
    renterId: string,
    lines: CheckoutLineInput[],
    card: CardInput,
    attempt: { id: string; claim: number },
    today: string,
    useBalance: boolean,
  ): Promise<string> {
    const { booked: priced, price, nameOf, depositOf } = await priceLines(renterId, lines, today);
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
    };
    // The renter's balance pays first (what is charged now, never a request's or a deposit's hold);
    // the card is authorised for the rest (nothing, when the balance covers it: the card is checked).
    const balancePence = useBalance ? Math.min(Math.max(0, await repo.availableBalance(renterId)), split.instantPence) : 0;
    const auth = await remembering.authorize({ amountPence: split.instantPence - balancePence, card, reference: attempt.id });
    if (!auth.ok) throw new AppError('PAYMENT_FAILED', declineMessage(auth.reason), 'card');
    const requestHolds = await authorizeRequests(remembering, split, card, attempt.id, now()).catch(async (err: unknown) => {
      await payments.void(auth.authorizationId);
      throw err;
    });
    // Deposits are held beside the charge, one authorisation per line that asks for one; a decline releases everything.
    const held = deposits
      ? await deposits.authorize(
          booked.map((b) => ({ depositPence: depositOf(b.itemId) })),
          card,
          attempt.id,
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
          card: { brand: auth.brand, last4: cardDigits(card.number).slice(-4) },
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

  return {
    /** Returns the payment id of the booked order (new, or the one an earlier try with this key made). */
    async checkout(renterId: string, input: CheckoutInput): Promise<{ paymentId: string; replayed: boolean }> {
      const today = todayInLondon(now());
      const problems = cardProblems(input.card, today);
      const firstProblem = Object.entries(problems)[0];
      if (firstProblem) throw new AppError('VALIDATION', firstProblem[1], `card.${firstProblem[0]}`);
      const ids = input.lines.map((l) => l.itemId);
      if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', 'Each item can be in the wheelbarrow only once.', 'lines');
      if (!(await repo.borrowerAddress(renterId))) {
        throw new AppError('VALIDATION', 'Please add your address to your profile before checking out.', 'address');
      }

      // Lines sorted by item, the order the booking locks them in.
      const lines = [...input.lines].sort((a, b) => a.itemId.localeCompare(b.itemId));
      const requestHash = createHash('sha256').update(JSON.stringify(lines)).digest('hex');
      const attempt = await claimAttempt(renterId, input.idempotencyKey, requestHash);
      if ('paymentId' in attempt) return { paymentId: attempt.paymentId, replayed: true };
      await enqueueAttemptSweep(jobs, attempt, now());

      try {
        return { paymentId: await bookAndPay(renterId, lines, input.card, attempt, today, input.useBalance !== false), replayed: false };
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
        throw err;
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
