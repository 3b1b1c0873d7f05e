import { AppError } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import type { PaymentSource } from '../../platform/payments/payment-provider.ts';
import { authoriseCheckout, type CheckoutHolds } from './authorise-checkout.ts';
import { CAPTURE_JOB, CAPTURE_SAFETY_DELAY_MS, captureJobKey, recordCapture } from './capture-job.ts';
import { BalanceChangedError, BlockedDaysError } from './booking-repository.ts';
import type { AttemptClaim, ChallengeOutcome, CheckoutContext, CheckoutLineInput } from './checkout-kit.ts';
import { balanceChangedMessage, blockedMessage, clashMessage } from './checkout-messages.ts';
import { priceLines, type PricedBasket } from './price-lines.ts';
import { recordRequest, releaseRequests, splitCharges } from './request-lines.ts';
import { pgCode, withTransactionRetries } from './transaction-retries.ts';

const EXCLUSION_VIOLATION = '23P01';

export interface BookingAsk {
  renterId: string;
  /** Sorted by item, the order the booking locks them in. */
  lines: CheckoutLineInput[];
  given: PaymentSource;
  attempt: AttemptClaim;
  today: string;
  useBalance: boolean;
}

/**
 * Books a wheelbarrow (decisions 005 and 012): every price recomputed from the database, every line
 * checked, the card authorised, then rentals, payment, ledger, events and the capture job written in
 * one transaction (retried on serialization failures and deadlocks), then the payment captured.
 * Before that commit any failure voids the holds and books nothing; after it nothing voids the
 * payment: a failed capture is left to the capture job. Answers the payment id, or the bank's
 * challenge to answer first (`confirm` comes back here with the authentication).
 */
export async function bookAndPay(ctx: CheckoutContext, ask: BookingAsk): Promise<string | ChallengeOutcome> {
  const basket = await priceLines(ctx, ask.renterId, ask.lines, ask.today, ask.attempt.id);
  // Instant lines are charged together; each request line is authorised on its own (request-lines.ts).
  const split = splitCharges(basket.booked, basket.price);
  const holds = await authoriseCheckout(ctx, { ...ask, basket, split });
  if ('challenge' in holds) return holds;
  const paymentId = await saveBooking(ctx, ask, basket, split, holds);
  ctx.onBooked();
  // Committed: the renter has their booking whatever the card processor says now.
  try {
    await ctx.payments.capture(holds.auth.authorizationId);
    await recordCapture(ctx.paymentRecords, ctx.events, paymentId, ctx.now());
  } catch {
    await ctx.paymentRecords.move(paymentId, ['authorised'], 'capture_pending', ctx.now()).catch(() => undefined);
  }
  return paymentId;
}

/** The booking's one transaction; when it fails, every hold is released and the failure told as the renter can act on it. */
async function saveBooking(
  ctx: CheckoutContext,
  ask: BookingAsk,
  basket: PricedBasket,
  split: ReturnType<typeof splitCharges>,
  holds: CheckoutHolds,
): Promise<string> {
  const { repo, payments, deposits, now } = ctx;
  const booked = split.lines;
  let inserting = 0;
  try {
    const { paymentId } = await withTransactionRetries(() =>
      repo.book({
        attemptId: ask.attempt.id,
        claim: ask.attempt.claim,
        renterId: ask.renterId,
        lines: booked,
        subtotalPence: basket.price.subtotalPence,
        serviceFeePence: basket.price.serviceFeePence,
        instantFeePence: split.instantFeePence,
        balancePence: holds.balancePence,
        card: { brand: holds.auth.brand, last4: holds.auth.last4 },
        provider: payments.name,
        providerReference: holds.auth.authorizationId,
        now: now(),
        onInsert: (i) => (inserting = i),
        inTransaction: (tx, ids) => recordBooked(ctx, tx, ask.renterId, booked, holds, ids),
      }),
    );
    return paymentId;
  } catch (err) {
    // Nothing was booked: release the hold, and the deposits'.
    await payments.void(holds.auth.authorizationId);
    await releaseRequests(payments, holds.requestHolds);
    await deposits?.release(holds.depositHolds);
    if (err instanceof BlockedDaysError) {
      const line = ask.lines.find((l) => l.itemId === err.itemId)!;
      throw new AppError('CONFLICT', blockedMessage(basket.nameOf(line.itemId), line), 'lines');
    }
    if (err instanceof BalanceChangedError) throw new AppError('CONFLICT', balanceChangedMessage(err.availablePence), 'balance');
    if (pgCode(err) === EXCLUSION_VIOLATION) {
      const line = ask.lines[inserting]!;
      throw new AppError('CONFLICT', clashMessage(basket.nameOf(line.itemId), line), 'lines');
    }
    throw err;
  }
}

/** What commits with the booking: the deposits' holds, each line's event (or its request's), the capture job. */
async function recordBooked(
  { deposits, events, jobs, now }: CheckoutContext,
  tx: Executor,
  renterId: string,
  booked: ReturnType<typeof splitCharges>['lines'],
  holds: CheckoutHolds,
  { paymentId, rentalIds }: { paymentId: string; rentalIds: string[] },
): Promise<void> {
  if (deposits && holds.depositHolds.length > 0)
    await deposits.record(tx, holds.depositHolds, { renterId, rentalIds, ownerIds: booked.map((b) => b.ownerId) });
  for (const [i, rentalId] of rentalIds.entries()) {
    const line = booked[i]!;
    if (line.request) {
      await recordRequest(tx, events, jobs, line, renterId, paymentId);
      continue;
    }
    await events.publish(
      tx,
      { type: 'rental.booked', rentalId, itemId: line.itemId, renterId, ownerId: line.ownerId, paymentId },
      `rental.booked:${rentalId}`,
    );
  }
  await jobs.enqueue(
    CAPTURE_JOB,
    { paymentId },
    { key: captureJobKey(paymentId), runAt: new Date(now().getTime() + CAPTURE_SAFETY_DELAY_MS) },
    tx,
  );
}
