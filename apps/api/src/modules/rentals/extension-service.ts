import {
  addDays,
  AppError,
  cardProblems,
  declineMessage,
  extensionExpiresAt,
  extensionPosting,
  extensionPrice,
  extensionProblem,
  pendingExtensionRefusal,
  formatDate,
  formatPence,
  rentalState,
  roundedMiles,
  todayInLondon,
  type CardInput,
  type ExtensionPaymentMethod,
  type ExtensionPrice,
} from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { isRowId } from '../../db/ids.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { postTransaction, spendFromBalances } from '../ledger/ledger-repository.ts';
import { pgCode } from '../checkout/transaction-retries.ts';
import type { ExtensionRepository, ItemTerms, PendingExtension } from './extension-repository.ts';
import { feeShareOf } from './rental-money.ts';
import type { RentalRepository, Rental } from './rental-repository.ts';
import { rentalFacts, roleOf } from './rental-view.ts';
import { REQUEST_VOID_DELAY_MS, REQUEST_VOID_JOB } from './request-service.ts';

export interface ExtensionDeps {
  repo: RentalRepository;
  extensions: ExtensionRepository;
  payments: PaymentProvider;
  events: EventBus;
  jobs: JobQueue;
  now: () => Date;
  onChange?: () => void;
}

/** The job that closes a request item's extension nobody answered, when its hold ends (extension-expiry-job.ts runs it). */
export const EXTENSION_EXPIRY_JOB = 'rentals.expire_extension';
/** Captures a paid extension's authorisation: queued with the extension, it runs again what the commit's follow-up tried. */
export const EXTENSION_CAPTURE_JOB = 'rentals.capture_extension';

interface ExtensionInput {
  endDate: string;
  payWith: ExtensionPaymentMethod;
  card?: CardInput | undefined;
}

interface SimilarItem {
  id: string;
  name: string;
  dailyRatePence: number;
  city: string | null;
  distanceMiles: number | null;
}

interface ExtensionQuote {
  endDate: string;
  /** Why it cannot be extended to that date; null when it can. */
  problem: string | null;
  price: ExtensionPrice | null;
  /** The item is request to book: the owner accepts the extension first. */
  needsOwner: boolean;
  /** When the next days are booked: similar items nearby free on them. */
  suggestions: SimilarItem[];
}

const notFound = () => new AppError('NOT_FOUND', 'Rental not found.');
const EXCLUSION_VIOLATION = '23P01';
const takenMessage = (from: string, to: string) =>
  `The item is booked on some of ${formatDate(from)} to ${formatDate(to)} (or the days it keeps free around rentals), so this rental cannot run on to then.`;

/**
 * Extending a rental: the renter asks for a later end date. Instant items extend at once and the
 * difference (core extensionPrice) is paid by card or from the balance, with its posting; request
 * items wait for the owner, the card authorised and the extra days held on the rental row
 * (held_end_date) meanwhile, until the owner answers, the renter withdraws or the hold expires (core
 * pendingExtensionRefusal). The database's no-overlap constraint checks the longer range, held or
 * moved; every refusal says why and moves no money.
 */
export function createExtensionService({ repo, extensions, payments, events, jobs, now, onChange = () => {} }: ExtensionDeps) {
  // Capturing is idempotent: an authorisation the follow-up already captured is captured again harmlessly.
  jobs.register<{ authorizationId: string }>(
    EXTENSION_CAPTURE_JOB,
    async ({ authorizationId }) => {
      await payments.capture(authorizationId);
    },
    { maxAttempts: 12, backoffMs: 60_000 },
  );
  /**
   * A paid extension's money is posted in its transaction; its card authorisation is captured after
   * the commit, and the keyed capture job, queued in the same transaction, captures it should that
   * call fail (a failure never voids a hold whose extension is already booked and posted).
   */
  async function queueCapture(executor: Executor, authorizationId: string, at: Date): Promise<void> {
    await jobs.enqueue(
      EXTENSION_CAPTURE_JOB,
      { authorizationId },
      { key: `${EXTENSION_CAPTURE_JOB}:${authorizationId}`, runAt: new Date(at.getTime() + REQUEST_VOID_DELAY_MS) },
      executor,
    );
  }
  const captureNow = (authorizationId: string) => payments.capture(authorizationId).catch(() => undefined);
  /**
   * A closed extension's authorisation is voided after the commit, never under the row lock; the
   * keyed void job, queued in the same transaction, voids it again should that call fail.
   */
  async function queueVoid(executor: Executor, pending: PendingExtension, at: Date): Promise<void> {
    if (!pending.authorizationId) return;
    await jobs.enqueue(
      REQUEST_VOID_JOB,
      { authorizationId: pending.authorizationId },
      { key: `${REQUEST_VOID_JOB}:extension:${pending.id}`, runAt: new Date(at.getTime() + REQUEST_VOID_DELAY_MS) },
      executor,
    );
  }
  /** The void tried right after the commit; a failure is left to the job. */
  const voidNow = (authorizationId: string) => payments.void(authorizationId).catch(() => undefined);

  function assess(row: Rental, terms: ItemTerms, endDate: string, at: Date): { problem: string | null; price: ExtensionPrice | null } {
    const state = rentalState(rentalFacts(row, at), todayInLondon(at));
    const problem = extensionProblem({ state, startDate: row.startDate, endDate: row.endDate, maxDays: terms.maxDays }, endDate);
    if (problem) return { problem, price: null };
    const price = extensionPrice(
      {
        dailyRatePence: row.dailyRatePence ?? 0,
        weeklyRatePence: row.weeklyRatePence,
        startDate: row.startDate,
        chargedLinePence: row.totalPence,
        chargedFeePence: feeShareOf(row) + row.extendedFeePence,
      },
      endDate,
    );
    return { problem: null, price };
  }

  /**
   * Saves an extension's posting. Paid from the balance, it is spent under the renter's row lock
   * (`spendFromBalances`, the lock withdrawals take), after the rental's and the item's, and refused
   * with `refusal` when what the balance holds then does not cover it; a card payment or a refund to
   * the balance is posted as it is.
   */
  async function postExtension(
    executor: Executor,
    posting: ReturnType<typeof extensionPosting>,
    renterId: string,
    refusal: (availablePence: number) => AppError,
  ): Promise<void> {
    if (!posting) return;
    if (!posting.entries.some((e) => e.account === 'available' && e.amountPence < 0)) {
      await postTransaction(executor, posting);
      return;
    }
    const spent = await spendFromBalances(executor, [renterId], () => posting);
    if (spent.kind === 'short') throw refusal(spent.availablePence);
  }

  /** The rental if `userId` is its renter (the owner may not extend it; anyone else is told it does not exist). */
  function asRenter(row: Rental | undefined, userId: string): Rental {
    if (!row) throw notFound();
    if (roleOf(row, userId) !== 'renter') throw new AppError('FORBIDDEN', 'Only the renter can extend a rental.');
    return row;
  }

  /** What extending to `endDate` would cost, or why it cannot be, with similar free items when the days are booked. */
  async function quote(rentalId: string, userId: string, endDate: string): Promise<ExtensionQuote> {
    if (!isRowId(rentalId)) throw notFound();
    const at = now();
    const row = asRenter(await repo.rentalFor(rentalId, userId), userId);
    const terms = await extensions.itemTerms(row.itemId);
    const needsOwner = terms.bookingMode === 'request';
    const { problem, price } = assess(row, terms, endDate, at);
    if (problem) return { endDate, problem, price: null, needsOwner, suggestions: [] };
    const from = addDays(row.endDate, 1);
    if (await extensions.daysFree({ itemId: row.itemId, rentalId, bufferDays: row.bufferDays }, from, endDate))
      return { endDate, problem: null, price, needsOwner, suggestions: [] };
    const similar = await extensions.similarFree({
      itemId: row.itemId,
      categoryId: terms.categoryId,
      renterId: userId,
      from,
      to: endDate,
      limit: 3,
    });
    return {
      endDate,
      problem: takenMessage(from, endDate),
      price: null,
      needsOwner,
      suggestions: similar.map((s) => ({
        id: s.id,
        name: s.name,
        dailyRatePence: s.dailyRatePence,
        city: s.city,
        distanceMiles: s.distanceM === null ? null : roundedMiles(s.distanceM),
      })),
    };
  }

  return {
    quote,

    async extend(
      rentalId: string,
      userId: string,
      input: ExtensionInput,
    ): Promise<{ status: 'extended' | 'pending'; chargedPence: number }> {
      if (!isRowId(rentalId)) throw notFound();
      // Who is asking comes first (the quote answers 404 to anyone but the renter), then the card.
      const asked = await quote(rentalId, userId, input.endDate);
      if (input.payWith === 'card') {
        if (!input.card) throw new AppError('VALIDATION', 'Please enter your card details.', 'card');
        const first = Object.entries(cardProblems(input.card, todayInLondon(now())))[0];
        if (first) throw new AppError('VALIDATION', first[1], `card.${first[0]}`);
      }
      if (asked.problem || !asked.price) throw new AppError('CONFLICT', asked.problem ?? 'This rental cannot be extended now.');
      const amount = asked.price.totalPence;
      // The card is authorised before the transaction (no network call under the row lock) and voided if it does not commit.
      let authorizationId: string | null = null;
      if (input.payWith === 'card' && amount > 0) {
        const auth = await payments.authorize({
          amountPence: amount,
          card: input.card!,
          reference: `extension:${rentalId}:${input.endDate}`,
        });
        if (!auth.ok) throw new AppError('PAYMENT_FAILED', declineMessage(auth.reason), 'card');
        authorizationId = auth.authorizationId;
      }
      const at = now();
      let committed = false;
      try {
        const status = await repo.transaction(async (tx) => {
          const row = asRenter(await tx.lockForParty(rentalId, userId), userId);
          await extensions.lockItem(tx.executor, row.itemId);
          const terms = await extensions.itemTerms(row.itemId, tx.executor);
          const { problem, price } = assess(row, terms, input.endDate, at);
          if (problem || !price) throw new AppError('CONFLICT', problem ?? 'This rental cannot be extended now.');
          if (price.totalPence !== amount)
            throw new AppError('CONFLICT', 'This rental changed meanwhile. Please look at the new price and try again.');
          const from = addDays(row.endDate, 1);
          if (
            !(await extensions.daysFree({ itemId: row.itemId, rentalId, bufferDays: row.bufferDays }, from, input.endDate, tx.executor))
          ) {
            throw new AppError('CONFLICT', takenMessage(from, input.endDate));
          }
          if (await extensions.pending(rentalId, tx.executor))
            throw new AppError('CONFLICT', 'An extension of this rental is already waiting for the owner.');
          const record = {
            rentalId,
            fromEndDate: row.endDate,
            toEndDate: input.endDate,
            linePence: price.linePence,
            feePence: price.feePence,
            paidWith: input.payWith,
            authorizationId,
            at,
          };
          if (terms.bookingMode === 'request') {
            // The extra days are held at once, under the same constraint as bookings, until the hold expires.
            const expiresAt = extensionExpiresAt(at, row.endDate);
            await extensions.hold(tx.executor, rentalId, input.endDate);
            const extensionId = await extensions.record(tx.executor, { ...record, status: 'pending', expiresAt });
            await jobs.enqueue(
              EXTENSION_EXPIRY_JOB,
              { extensionId },
              { key: `${EXTENSION_EXPIRY_JOB}:${extensionId}`, runAt: expiresAt },
              tx.executor,
            );
            await events.publish(tx.executor, {
              type: 'rental.extension_requested',
              rentalId,
              itemId: row.itemId,
              renterId: row.renterId,
              ownerId: row.ownerId,
              endDate: input.endDate,
            });
            return 'pending' as const;
          }
          await extensions.moveEnd(tx.executor, rentalId, input.endDate, price.linePence, price.feePence);
          const posting = extensionPosting({
            rentalId,
            paymentId: row.paymentId,
            renterId: row.renterId,
            ownerId: row.ownerId,
            linePence: price.linePence,
            feePence: price.feePence,
            paidWith: input.payWith,
          });
          await postExtension(
            tx.executor,
            posting,
            row.renterId,
            (availablePence) =>
              new AppError(
                'CONFLICT',
                `Your balance is ${formatPence(availablePence)} and the extension costs ${formatPence(amount)}. Please pay by card instead.`,
                'payWith',
              ),
          );
          await extensions.record(tx.executor, { ...record, status: 'paid' });
          if (authorizationId) await queueCapture(tx.executor, authorizationId, at);
          await events.publish(tx.executor, {
            type: 'rental.extended',
            rentalId,
            itemId: row.itemId,
            renterId: row.renterId,
            ownerId: row.ownerId,
            endDate: input.endDate,
          });
          return 'extended' as const;
        });
        committed = true;
        if (status === 'extended' && authorizationId) await captureNow(authorizationId);
        // Extended or held: either way the days after the rental are no longer bookable.
        onChange();
        return { status, chargedPence: status === 'extended' ? Math.max(0, amount) : 0 };
      } catch (err) {
        // Only a transaction that did not commit gives its authorisation back.
        if (authorizationId && !committed) await payments.void(authorizationId);
        if (pgCode(err) === EXCLUSION_VIOLATION)
          throw new AppError(
            'CONFLICT',
            'The days after this rental were booked meanwhile, so it cannot run on to then. Nothing was charged.',
          );
        throw err;
      }
    },

    /**
     * The owner answers a request item's extension: accepting moves the end (if the days are still
     * free) and takes the payment (the card's authorisation captured, or the balance); declining
     * voids the authorisation and frees the held days. Either way only a pending extension whose hold
     * has not run out is answered, once.
     */
    async answer(rentalId: string, userId: string, answer: { accept: true } | { accept: false; reason: string }): Promise<void> {
      if (!isRowId(rentalId)) throw notFound();
      const at = now();
      const capture = await repo.transaction(async (tx) => {
        const row = await tx.lockForParty(rentalId, userId);
        if (!row) throw notFound();
        const role = roleOf(row, userId);
        const pending = await extensions.pending(rentalId, tx.executor);
        const refusal = pendingExtensionRefusal(answer.accept ? 'accept' : 'decline', pendingFacts(pending), role, at);
        if (refusal) throw new AppError(role === 'owner' ? 'CONFLICT' : 'FORBIDDEN', refusal);
        if (!pending) throw new AppError('CONFLICT', 'There is no extension of this rental waiting for an answer.');
        const event = { rentalId, itemId: row.itemId, renterId: row.renterId, ownerId: row.ownerId, endDate: pending.toEndDate };
        if (!answer.accept) {
          if (!answer.reason.trim()) throw new AppError('VALIDATION', 'Please tell the renter why you are declining.', 'reason');
          await extensions.answer(tx.executor, pending.id, 'declined', at);
          await extensions.releaseHold(tx.executor, rentalId);
          await queueVoid(tx.executor, pending, at);
          await events.publish(tx.executor, { type: 'rental.extension_declined', ...event, reason: answer.reason.trim() });
          return { void: pending.authorizationId };
        }
        await extensions.lockItem(tx.executor, row.itemId);
        const terms = await extensions.itemTerms(row.itemId, tx.executor);
        const { problem, price } = assess(row, terms, pending.toEndDate, at);
        if (problem || !price) throw new AppError('CONFLICT', problem ?? 'This rental cannot be extended now.');
        if (price.linePence !== pending.linePence || price.feePence !== pending.feePence)
          throw new AppError('CONFLICT', 'This rental changed since the extension was asked for; it cannot be accepted as it is.');
        const from = addDays(row.endDate, 1);
        if (
          !(await extensions.daysFree({ itemId: row.itemId, rentalId, bufferDays: row.bufferDays }, from, pending.toEndDate, tx.executor))
        ) {
          throw new AppError('CONFLICT', takenMessage(from, pending.toEndDate));
        }
        await extensions.moveEnd(tx.executor, rentalId, pending.toEndDate, price.linePence, price.feePence);
        const posting = extensionPosting({
          rentalId,
          paymentId: row.paymentId,
          renterId: row.renterId,
          ownerId: row.ownerId,
          linePence: price.linePence,
          feePence: price.feePence,
          paidWith: pending.paidWith,
        });
        await postExtension(
          tx.executor,
          posting,
          row.renterId,
          () => new AppError('CONFLICT', "The renter's balance no longer covers the extension, so it cannot be accepted."),
        );
        await extensions.answer(tx.executor, pending.id, 'paid', at);
        if (pending.authorizationId) await queueCapture(tx.executor, pending.authorizationId, at);
        await events.publish(tx.executor, { type: 'rental.extended', ...event });
        return { capture: pending.authorizationId };
      });
      if ('void' in capture && capture.void) await voidNow(capture.void);
      if ('capture' in capture && capture.capture) await captureNow(capture.capture);
      onChange();
    },

    /** The renter takes back their extension while it waits: its authorisation is voided, its days freed, the owner told. */
    async withdraw(rentalId: string, userId: string): Promise<void> {
      if (!isRowId(rentalId)) throw notFound();
      const at = now();
      const voided = await repo.transaction(async (tx) => {
        const row = await tx.lockForParty(rentalId, userId);
        if (!row) throw notFound();
        const role = roleOf(row, userId);
        const pending = await extensions.pending(rentalId, tx.executor);
        const refusal = pendingExtensionRefusal('withdraw', pendingFacts(pending), role, at);
        if (refusal) throw new AppError(role === 'renter' ? 'CONFLICT' : 'FORBIDDEN', refusal);
        await extensions.answer(tx.executor, pending!.id, 'withdrawn', at);
        await extensions.releaseHold(tx.executor, rentalId);
        await queueVoid(tx.executor, pending!, at);
        await events.publish(tx.executor, {
          type: 'rental.extension_withdrawn',
          rentalId,
          itemId: row.itemId,
          renterId: row.renterId,
          ownerId: row.ownerId,
          endDate: pending!.toEndDate,
        });
        return pending!.authorizationId;
      });
      if (voided) await voidNow(voided);
      onChange();
    },

    /** The expiry job: closes the extension if it still waits once its hold has run out; otherwise nothing. */
    async expire(extensionId: string, at: Date = now()): Promise<boolean> {
      const rentalId = await extensions.rentalOf(extensionId);
      if (!rentalId) return false;
      const voided = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        const pending = await extensions.pending(rentalId, tx.executor);
        if (!row || pending?.id !== extensionId || pendingExtensionRefusal('expire', pendingFacts(pending), 'system', at)) return false;
        await extensions.answer(tx.executor, pending.id, 'expired', at);
        await extensions.releaseHold(tx.executor, rentalId);
        await queueVoid(tx.executor, pending, at);
        await events.publish(tx.executor, {
          type: 'rental.extension_expired',
          rentalId,
          itemId: row.itemId,
          renterId: row.renterId,
          ownerId: row.ownerId,
          endDate: pending.toEndDate,
        });
        return { authorizationId: pending.authorizationId };
      });
      if (!voided) return false;
      if (voided.authorizationId) await voidNow(voided.authorizationId);
      onChange();
      return true;
    },

    /**
     * The rental was cancelled or returned while an extension waited for the owner: the extension
     * ends with it (declined when the owner ended the rental, withdrawn when the renter cancelled),
     * its held days are freed and its authorisation voided, now rather than when its hold would have
     * run out. Run from the rental's event; nothing when no extension waits.
     */
    async endWithRental(rentalId: string, outcome: 'declined' | 'withdrawn', at: Date = now()): Promise<boolean> {
      const voided = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        const pending = row ? await extensions.pending(rentalId, tx.executor) : undefined;
        if (!pending) return false;
        await extensions.answer(tx.executor, pending.id, outcome, at);
        await extensions.releaseHold(tx.executor, rentalId);
        await queueVoid(tx.executor, pending, at);
        return { authorizationId: pending.authorizationId };
      });
      if (!voided) return false;
      if (voided.authorizationId) await voidNow(voided.authorizationId);
      onChange();
      return true;
    },
  };
}

/** What core's pending-extension rules need of the row. */
const pendingFacts = (pending: Pick<PendingExtension, 'expiresAt'> | undefined) =>
  pending ? { expiresAt: new Date(pending.expiresAt) } : null;

export type ExtensionService = ReturnType<typeof createExtensionService>;
