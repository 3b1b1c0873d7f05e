import { and, eq, inArray } from 'drizzle-orm';
import { checkoutPosting, parseClockTime, type CancellationPolicy } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { checkoutAttempts, items, payments, rentals, wheelbarrowLines } from '../../db/schema.ts';
import { spendFromBalances } from '../ledger/ledger-repository.ts';
import { refuseBlockedDays } from '../calendar-sync/blocked-days-sql.ts';

/** A line of the owner's other calendar blocks a booked day (calendar sync): nothing was booked. */
export { BlockedDaysError } from '../calendar-sync/blocked-days-sql.ts';

export interface NewRental {
  /** Chosen before booking when the fee shares must be known first (request lines). */
  id?: string;
  itemId: string;
  ownerId: string;
  startDate: string;
  endDate: string;
  dailyRatePence: number;
  weeklyRatePence: number | null;
  bufferDays: number;
  /** The item's policy now, kept by the rental. */
  cancellationPolicy: CancellationPolicy;
  totalPence: number;
  /** The handover times chosen (HH:MM London), kept as minutes on the rental. */
  pickupTime?: string | undefined;
  returnTime?: string | undefined;
  /** A request line: held, its card authorisation of its own, until the owner answers or it expires. */
  request?: { expiresAt: Date; authorizationId: string; amountPence: number };
}

export interface BookingInput {
  attemptId: string;
  claim: number;
  renterId: string;
  lines: NewRental[];
  subtotalPence: number;
  serviceFeePence: number;
  /** The fee charged now: the instant lines' shares (absent: the whole fee, no request lines). */
  instantFeePence?: number;
  /** What of the instant charge the renter's available balance pays, before the card (0: none). */
  balancePence?: number;
  card: { brand: string; last4: string };
  provider: string;
  providerReference: string;
  now: Date;
  onInsert: (index: number) => void;
  /** More writes that must commit with the booking (events, the capture job). */
  inTransaction: (tx: Executor, booked: { paymentId: string; rentalIds: string[] }) => Promise<void>;
}

const minutesOrNull = (time: string | undefined) => (time === undefined ? null : parseClockTime(time));

/**
 * Books every line and records the payment and its ledger entries in one transaction. Rentals are
 * inserted one by one so that an overlap (the exclusion constraint) names the line that clashed.
 * The items are locked first, in id order, so overlapping baskets queue instead of deadlocking.
 * Refuses (StaleClaimError) when this request no longer owns the attempt.
 */
export async function bookLines(db: Db, input: BookingInput): Promise<{ paymentId: string; rentalIds: string[] }> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ status: checkoutAttempts.status, claim: checkoutAttempts.claim })
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.id, input.attemptId))
      .for('update');
    if (attempt?.status !== 'processing' || attempt.claim !== input.claim) throw new StaleClaimError();
    const itemIds = [...new Set(input.lines.map((l) => l.itemId))];
    await tx.select({ id: items.id }).from(items).where(inArray(items.id, itemIds)).orderBy(items.id).for('no key update');
    // Calendar sync writes blocked days under the same row locks: checked after taking them (blocked-days-sql.ts).
    await refuseBlockedDays(tx, input.lines);
    const paymentId = await insertPayment(tx, input);
    const rentalIds = await insertRentals(tx, input, paymentId);
    // The renter's balance is read under their row's lock (as withdrawals and extensions take it):
    // when it no longer covers what the card was authorised without, nothing is booked.
    const spent = await spendFromBalances(tx, (input.balancePence ?? 0) > 0 ? [input.renterId] : [], () =>
      // Request lines move no money until their owner accepts (rentals/request-service.ts).
      checkoutPosting({
        paymentId,
        renterId: input.renterId,
        subtotalPence: input.lines.reduce((sum, line) => sum + (line.request ? 0 : line.totalPence), 0),
        serviceFeePence: input.instantFeePence ?? input.serviceFeePence,
        lines: input.lines.flatMap((line, i) =>
          line.request ? [] : [{ rentalId: rentalIds[i]!, ownerId: line.ownerId, totalPence: line.totalPence }],
        ),
        balancePence: input.balancePence ?? 0,
      }),
    );
    if (spent.kind === 'short') throw new BalanceChangedError(spent.availablePence);
    await tx
      .update(checkoutAttempts)
      .set({ status: 'succeeded', paymentId, authorizationId: null, updatedAt: input.now })
      .where(eq(checkoutAttempts.id, input.attemptId));
    // The booked lines leave the renter's saved wheelbarrow with the booking, so no device
    // (this one reloading, or another) can bring them back.
    const bookedItems = input.lines.map((l) => l.itemId);
    await tx
      .delete(wheelbarrowLines)
      .where(and(eq(wheelbarrowLines.userId, input.renterId), inArray(wheelbarrowLines.itemId, bookedItems)));
    await input.inTransaction(tx, { paymentId, rentalIds });
    return { paymentId, rentalIds };
  });
}

async function insertPayment(tx: Executor, input: BookingInput): Promise<string> {
  const [payment] = await tx
    .insert(payments)
    .values({
      renterId: input.renterId,
      subtotalPence: input.subtotalPence,
      serviceFeePence: input.serviceFeePence,
      amountPence: input.subtotalPence + input.serviceFeePence,
      balancePence: input.balancePence ?? 0,
      brand: input.card.brand,
      last4: input.card.last4,
      provider: input.provider,
      providerReference: input.providerReference,
      status: 'authorised',
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: payments.id });
  return payment!.id;
}

/** One by one, in the lines' order, telling `onInsert` which is going in (an overlap names it). */
async function insertRentals(tx: Executor, input: BookingInput, paymentId: string): Promise<string[]> {
  const rentalIds: string[] = [];
  for (const [index, line] of input.lines.entries()) {
    input.onInsert(index);
    const [row] = await tx
      .insert(rentals)
      .values({
        ...(line.id && { id: line.id }),
        itemId: line.itemId,
        ownerId: line.ownerId,
        startDate: line.startDate,
        endDate: line.endDate,
        dailyRatePence: line.dailyRatePence,
        weeklyRatePence: line.weeklyRatePence,
        bufferDays: line.bufferDays,
        cancellationPolicy: line.cancellationPolicy,
        totalPence: line.totalPence,
        renterId: input.renterId,
        paymentId,
        pickupMinutes: minutesOrNull(line.pickupTime),
        returnMinutes: minutesOrNull(line.returnTime),
        ...(line.request && {
          requestStatus: 'pending',
          requestExpiresAt: line.request.expiresAt,
          requestAuthorizationId: line.request.authorizationId,
          requestAmountPence: line.request.amountPence,
        }),
      })
      .returning({ id: rentals.id });
    rentalIds.push(row!.id);
  }
  return rentalIds;
}

/** The renter's balance no longer covers the part of the charge it was to pay (spent meanwhile): nothing was booked. */
export class BalanceChangedError extends Error {
  constructor(readonly availablePence: number) {
    super('The Toolshed balance changed while paying.');
  }
}

/** The request lost its claim on the attempt (it was reclaimed after looking crashed). */
export class StaleClaimError extends Error {
  constructor() {
    super('This checkout attempt is no longer owned by this request.');
  }
}
