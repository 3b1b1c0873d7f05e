import {
  addDays,
  AppError,
  cardProblems,
  declineMessage,
  extensionExpiresAt,
  extensionPosting,
  formatPence,
  todayInLondon,
  type CardInput,
  type ExtensionPaymentMethod,
} from '@toolshed/core';
import { isRowId } from '../../../db/ids.ts';
import { pgCode } from '../../checkout/transaction-retries.ts';
import { EXCLUSION_VIOLATION, notFound, takenMessage, type ExtensionKit } from './extension-kit.ts';
import type { quoteExtension } from './quote-extension.ts';

/** The job that closes a request item's extension nobody answered, when its hold ends (extension-expiry-job.ts runs it). */
export const EXTENSION_EXPIRY_JOB = 'rentals.expire_extension';

export interface ExtensionInput {
  endDate: string;
  payWith: ExtensionPaymentMethod;
  card?: CardInput | undefined;
}

/**
 * The renter extends: an instant item's end moves at once and the difference is paid by card or from
 * the balance, with its posting; a request item's extra days are held and its card authorised until
 * the owner answers. The card is authorised before the transaction and voided if it does not commit.
 */
export function extendRental(kit: ExtensionKit, quote: ReturnType<typeof quoteExtension>) {
  const { repo, extensions, payments, events, jobs, now, onChange, assess, asRenter, postExtension, queueCapture, captureNow } = kit;
  return async function extend(
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
    let card: { brand: string; last4: string } | null = null;
    if (input.payWith === 'card' && amount > 0) {
      const auth = await payments.authorize({
        amountPence: amount,
        card: input.card!,
        // One reference per try: the processor answers a reference it has seen with its first result.
        reference: `extension:${rentalId}:${input.endDate}:${now().toISOString()}`,
      });
      if (!auth.ok) throw new AppError('PAYMENT_FAILED', declineMessage(auth.reason), 'card');
      authorizationId = auth.authorizationId;
      card = { brand: auth.brand, last4: auth.last4 };
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
        if (!(await extensions.daysFree({ itemId: row.itemId, rentalId, bufferDays: row.bufferDays }, from, input.endDate, tx.executor))) {
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
          card,
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
        const extensionId = await extensions.record(tx.executor, { ...record, status: 'paid' });
        const posting = extensionPosting({
          rentalId,
          extensionId,
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
        if (authorizationId) await queueCapture(tx.executor, authorizationId, at);
        await events.publish(tx.executor, {
          type: 'rental.extended',
          extensionId,
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
  };
}
