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
import { isRowId } from '../../db/ids.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { balances, postTransaction } from '../ledger/ledger-repository.ts';
import { pgCode } from '../checkout/transaction-retries.ts';
import type { ExtensionRepository, ItemTermsRow } from './extension-repository.ts';
import { feeShareOf } from './rental-money.ts';
import type { RentalRepository, RentalRow } from './rental-repository.ts';
import { rentalFacts, roleOf } from './rental-view.ts';

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
  function assess(
    row: RentalRow,
    terms: ItemTermsRow,
    endDate: string,
    at: Date,
  ): { problem: string | null; price: ExtensionPrice | null } {
    const state = rentalState(rentalFacts(row, at), todayInLondon(at));
    const problem = extensionProblem({ state, startDate: row.start_date, endDate: row.end_date, maxDays: terms.max_days }, endDate);
    if (problem) return { problem, price: null };
    const price = extensionPrice(
      {
        dailyRatePence: row.daily_rate_pence ?? 0,
        weeklyRatePence: row.weekly_rate_pence,
        startDate: row.start_date,
        chargedLinePence: row.total_pence,
        chargedFeePence: feeShareOf(row) + row.extended_fee_pence,
      },
      endDate,
    );
    return { problem: null, price };
  }

  /** The rental if `userId` is its renter (the owner may not extend it; anyone else is told it does not exist). */
  function asRenter(row: RentalRow | undefined, userId: string): RentalRow {
    if (!row) throw notFound();
    if (roleOf(row, userId) !== 'renter') throw new AppError('FORBIDDEN', 'Only the renter can extend a rental.');
    return row;
  }

  /** What extending to `endDate` would cost, or why it cannot be, with similar free items when the days are booked. */
  async function quote(rentalId: string, userId: string, endDate: string): Promise<ExtensionQuote> {
    if (!isRowId(rentalId)) throw notFound();
    const at = now();
    const row = asRenter(await repo.rentalFor(rentalId, userId), userId);
    const terms = await extensions.itemTerms(row.item_id);
    const needsOwner = terms.booking_mode === 'request';
    const { problem, price } = assess(row, terms, endDate, at);
    if (problem) return { endDate, problem, price: null, needsOwner, suggestions: [] };
    const from = addDays(row.end_date, 1);
    if (await extensions.daysFree({ itemId: row.item_id, rentalId, bufferDays: row.buffer_days }, from, endDate))
      return { endDate, problem: null, price, needsOwner, suggestions: [] };
    const similar = await extensions.similarFree({
      itemId: row.item_id,
      categoryId: terms.category_id,
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
        dailyRatePence: s.daily_rate_pence,
        city: s.city,
        distanceMiles: s.distance_m === null ? null : roundedMiles(s.distance_m),
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
      try {
        const status = await repo.transaction(async (tx) => {
          const row = asRenter(await tx.lockForParty(rentalId, userId), userId);
          await extensions.lockItem(tx.executor, row.item_id);
          const terms = await extensions.itemTerms(row.item_id, tx.executor);
          const { problem, price } = assess(row, terms, input.endDate, at);
          if (problem || !price) throw new AppError('CONFLICT', problem ?? 'This rental cannot be extended now.');
          if (price.totalPence !== amount)
            throw new AppError('CONFLICT', 'This rental changed meanwhile. Please look at the new price and try again.');
          const from = addDays(row.end_date, 1);
          if (
            !(await extensions.daysFree({ itemId: row.item_id, rentalId, bufferDays: row.buffer_days }, from, input.endDate, tx.executor))
          ) {
            throw new AppError('CONFLICT', takenMessage(from, input.endDate));
          }
          if (await extensions.pending(rentalId, tx.executor))
            throw new AppError('CONFLICT', 'An extension of this rental is already waiting for the owner.');
          const record = {
            rentalId,
            fromEndDate: row.end_date,
            toEndDate: input.endDate,
            linePence: price.linePence,
            feePence: price.feePence,
            paidWith: input.payWith,
            authorizationId,
            at,
          };
          if (terms.booking_mode === 'request') {
            // The extra days are held at once, under the same constraint as bookings, until the hold expires.
            const expiresAt = extensionExpiresAt(at, row.end_date);
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
              itemId: row.item_id,
              renterId: row.renter_id,
              ownerId: row.owner_id,
              endDate: input.endDate,
            });
            return 'pending' as const;
          }
          if (input.payWith === 'balance' && amount > 0) {
            const { availablePence } = await balances(tx.executor, userId);
            if (availablePence < amount)
              throw new AppError(
                'CONFLICT',
                `Your balance is ${formatPence(availablePence)} and the extension costs ${formatPence(amount)}. Please pay by card instead.`,
                'payWith',
              );
          }
          await extensions.moveEnd(tx.executor, rentalId, input.endDate, price.linePence, price.feePence);
          const posting = extensionPosting({
            rentalId,
            paymentId: row.payment_id,
            renterId: row.renter_id,
            ownerId: row.owner_id,
            linePence: price.linePence,
            feePence: price.feePence,
            paidWith: input.payWith,
          });
          if (posting) await postTransaction(tx.executor, posting);
          await extensions.record(tx.executor, { ...record, status: 'paid' });
          await events.publish(tx.executor, {
            type: 'rental.extended',
            rentalId,
            itemId: row.item_id,
            renterId: row.renter_id,
            ownerId: row.owner_id,
            endDate: input.endDate,
          });
          return 'extended' as const;
        });
        if (status === 'extended' && authorizationId) await payments.capture(authorizationId);
        // Extended or held: either way the days after the rental are no longer bookable.
        onChange();
        return { status, chargedPence: status === 'extended' ? Math.max(0, amount) : 0 };
      } catch (err) {
        if (authorizationId) await payments.void(authorizationId);
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
        const event = { rentalId, itemId: row.item_id, renterId: row.renter_id, ownerId: row.owner_id, endDate: pending.to_end_date };
        if (!answer.accept) {
          if (!answer.reason.trim()) throw new AppError('VALIDATION', 'Please tell the renter why you are declining.', 'reason');
          await extensions.answer(tx.executor, pending.id, 'declined', at);
          await extensions.releaseHold(tx.executor, rentalId);
          await events.publish(tx.executor, { type: 'rental.extension_declined', ...event, reason: answer.reason.trim() });
          return { void: pending.authorization_id };
        }
        await extensions.lockItem(tx.executor, row.item_id);
        const terms = await extensions.itemTerms(row.item_id, tx.executor);
        const { problem, price } = assess(row, terms, pending.to_end_date, at);
        if (problem || !price) throw new AppError('CONFLICT', problem ?? 'This rental cannot be extended now.');
        if (price.linePence !== pending.line_pence || price.feePence !== pending.fee_pence)
          throw new AppError('CONFLICT', 'This rental changed since the extension was asked for; it cannot be accepted as it is.');
        const from = addDays(row.end_date, 1);
        if (
          !(await extensions.daysFree(
            { itemId: row.item_id, rentalId, bufferDays: row.buffer_days },
            from,
            pending.to_end_date,
            tx.executor,
          ))
        ) {
          throw new AppError('CONFLICT', takenMessage(from, pending.to_end_date));
        }
        if (pending.paid_with === 'balance' && price.totalPence > 0) {
          const { availablePence } = await balances(tx.executor, row.renter_id);
          if (availablePence < price.totalPence)
            throw new AppError('CONFLICT', "The renter's balance no longer covers the extension, so it cannot be accepted.");
        }
        await extensions.moveEnd(tx.executor, rentalId, pending.to_end_date, price.linePence, price.feePence);
        const posting = extensionPosting({
          rentalId,
          paymentId: row.payment_id,
          renterId: row.renter_id,
          ownerId: row.owner_id,
          linePence: price.linePence,
          feePence: price.feePence,
          paidWith: pending.paid_with,
        });
        if (posting) await postTransaction(tx.executor, posting);
        await extensions.answer(tx.executor, pending.id, 'paid', at);
        await events.publish(tx.executor, { type: 'rental.extended', ...event });
        return { capture: pending.authorization_id };
      });
      if ('void' in capture && capture.void) await payments.void(capture.void);
      if ('capture' in capture && capture.capture) await payments.capture(capture.capture);
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
        await events.publish(tx.executor, {
          type: 'rental.extension_withdrawn',
          rentalId,
          itemId: row.item_id,
          renterId: row.renter_id,
          ownerId: row.owner_id,
          endDate: pending!.to_end_date,
        });
        return pending!.authorization_id;
      });
      if (voided) await payments.void(voided);
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
        await events.publish(tx.executor, {
          type: 'rental.extension_expired',
          rentalId,
          itemId: row.item_id,
          renterId: row.renter_id,
          ownerId: row.owner_id,
          endDate: pending.to_end_date,
        });
        return { authorizationId: pending.authorization_id };
      });
      if (!voided) return false;
      if (voided.authorizationId) await payments.void(voided.authorizationId);
      onChange();
      return true;
    },
  };
}

/** What core's pending-extension rules need of the row. */
const pendingFacts = (pending: { expires_at: string } | undefined) => (pending ? { expiresAt: new Date(pending.expires_at) } : null);

export type ExtensionService = ReturnType<typeof createExtensionService>;
