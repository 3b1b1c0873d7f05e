import { AppError, checkoutLineProblem, daysInclusive, lineTotalPence, priceBasket, type PriceBreakdown } from '@toolshed/core';
import type { NewRental } from './booking-repository.ts';
import type { LineItemRow } from './checkout-repository.ts';
import type { CheckoutContext, CheckoutLineInput } from './checkout-kit.ts';
import { blockedMessage, challengeHeldMessage, clashMessage } from './checkout-messages.ts';
import { requestLineProblem } from './request-lines.ts';

export type PricedLine = NewRental & { bookingMode: 'instant' | 'request' };

export interface PricedBasket {
  booked: PricedLine[];
  price: PriceBreakdown;
  nameOf: (itemId: string) => string;
  depositOf: (itemId: string) => number;
}

/**
 * Every line checked and priced from the database (never from what the client sent), then refused
 * early when its dates are taken: booked, held by another renter's open bank challenge, or blocked
 * by the owner's other calendar.
 */
export async function priceLines(
  ctx: Pick<CheckoutContext, 'repo' | 'attempts' | 'now'>,
  renterId: string,
  lines: CheckoutLineInput[],
  today: string,
  attemptId: string,
): Promise<PricedBasket> {
  const found = await ctx.repo.lineItems(lines.map((l) => l.itemId));
  const booked = lines.map((line) => priceLine(found.get(line.itemId), line, renterId, today, ctx.now()));
  const price = priceBasket(
    booked.map((b) => ({
      dailyRatePence: b.dailyRatePence,
      weeklyRatePence: b.weeklyRatePence,
      days: daysInclusive(b.startDate, b.endDate),
    })),
  );
  const nameOf = (itemId: string) => found.get(itemId)!.name;
  await refuseTakenDates(ctx, renterId, lines, attemptId, nameOf);
  return { booked, price, nameOf, depositOf: (itemId: string) => found.get(itemId)!.depositPence };
}

function priceLine(item: LineItemRow | undefined, line: CheckoutLineInput, renterId: string, today: string, now: Date): PricedLine {
  if (!item) throw new AppError('NOT_FOUND', 'An item in your wheelbarrow no longer exists. Please remove it and try again.', 'lines');
  const problem = checkoutLineProblem({ ...item, itemName: item.name, startDate: line.startDate, endDate: line.endDate }, renterId, today);
  if (problem) throw new AppError('VALIDATION', problem, 'lines');
  const tooSoon = requestLineProblem({ ...line, bookingMode: item.bookingMode }, item.name, now);
  if (tooSoon) throw new AppError('VALIDATION', tooSoon, 'lines');
  return {
    ...line,
    ownerId: item.ownerId,
    dailyRatePence: item.dailyRatePence,
    weeklyRatePence: item.weeklyRatePence,
    bufferDays: item.bufferDays,
    cancellationPolicy: item.cancellationPolicy,
    bookingMode: item.bookingMode,
    totalPence: lineTotalPence(item.dailyRatePence, daysInclusive(line.startDate, line.endDate), item.weeklyRatePence),
  };
}

async function refuseTakenDates(
  { repo, attempts, now }: Pick<CheckoutContext, 'repo' | 'attempts' | 'now'>,
  renterId: string,
  lines: CheckoutLineInput[],
  attemptId: string,
  nameOf: (itemId: string) => string,
): Promise<void> {
  const refuseAny = (taken: Set<string>, message: (name: string, line: CheckoutLineInput) => string) => {
    const first = lines.find((l) => taken.has(l.itemId));
    if (first) throw new AppError('CONFLICT', message(nameOf(first.itemId), first), 'lines');
  };
  // A friendly early answer; the database constraint is the real guard.
  refuseAny(await repo.clashes(lines), clashMessage);
  // Dates another renter's checkout holds while they answer their bank (until it times out). The renter's own
  // open challenge does not stop them paying again (other handover times, say): the booking's constraint lets one in.
  refuseAny(await attempts.heldByChallenges(lines, attemptId, now(), renterId), challengeHeldMessage);
  refuseAny(await repo.blockedDays(lines), blockedMessage);
}
