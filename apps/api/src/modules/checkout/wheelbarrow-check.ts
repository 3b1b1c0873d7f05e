import { checkoutLineProblem, daysInclusive, isIsoDate, lineTotalPence as priceLine, priceBasket, todayInLondon } from '@toolshed/core';
import type { WheelbarrowCheckResponse, WheelbarrowLineState } from '@toolshed/core/contract';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CheckoutRepository } from './checkout-repository.ts';
import type { CheckoutLineInput } from './checkout-kit.ts';
import { requestLineProblem } from './request-lines.ts';

/** Of the lines, the items whose dates another renter's checkout holds while their bank's 3-D Secure challenge is open. */
type HeldByChallenges = (lines: CheckoutLineInput[], renterId: string | null, now: Date) => Promise<Set<string>>;

const CHALLENGE_HELD_MESSAGE =
  'Someone else is paying for some of these dates just now. Please choose new dates, or try again in 15 minutes.';

export const BOOKED_BY_YOU_MESSAGE = 'You have booked these dates: this rental is in My Rentals. You can remove it from the wheelbarrow.';

type LineItem = NonNullable<ReturnType<Awaited<ReturnType<CheckoutRepository['lineItems']>>['get']>>;

/** The item as a wheelbarrow line shows it. */
const itemSummary = (item: LineItem, storage: FileStorage) => ({
  name: item.name,
  dailyRatePence: item.dailyRatePence,
  depositPence: item.depositPence,
  weeklyRatePence: item.weeklyRatePence,
  bookingMode: item.bookingMode,
  cancellationPolicy: item.cancellationPolicy,
  minDays: item.minDays,
  maxDays: item.maxDays,
  imageUrl: item.thumbKey ? storage.url(item.thumbKey) : null,
});

/** What the database says of the lines' dates: items booked over them, blocked, booked by the asker, held by a challenge. */
interface TakenDates {
  clashing: Set<string>;
  blocked: Set<string>;
  yours: Set<string>;
  held: Set<string>;
}

/**
 * What a saved wheelbarrow looks like now: lines whose item was deleted or whose dates are no longer
 * free are flagged (never dropped silently), and the totals are the server's prices.
 */
export async function checkWheelbarrow(
  repo: CheckoutRepository,
  storage: FileStorage,
  lines: CheckoutLineInput[],
  renterId: string | null,
  now: Date,
  heldByChallenges: HeldByChallenges = async () => new Set(),
): Promise<WheelbarrowCheckResponse> {
  const valid = lines.filter((l) => isIsoDate(l.startDate) && isIsoDate(l.endDate) && l.endDate >= l.startDate);
  const [found, clashing, blocked, yours, held] = await Promise.all([
    repo.lineItems(lines.map((l) => l.itemId)),
    repo.clashes(valid),
    repo.blockedDays(valid),
    renterId ? repo.bookedBy(renterId, valid) : Promise.resolve(new Set<string>()),
    valid.length > 0 ? heldByChallenges(valid, renterId, now) : Promise.resolve(new Set<string>()),
  ]);
  const taken = { clashing, blocked, yours, held };
  const states = lines.map((line) => lineState(line, found.get(line.itemId), valid.includes(line), taken, { storage, renterId, now }));
  const price = priceBasket(
    states
      .filter((s) => s.state === 'ok')
      .map((s) => ({ dailyRatePence: s.item!.dailyRatePence, weeklyRatePence: s.item!.weeklyRatePence, days: s.days })),
  );
  return { lines: states, subtotalPence: price.subtotalPence, serviceFeePence: price.serviceFeePence, totalPence: price.totalPence };
}

/** One line as it stands: missing, refused by the item's rules, taken (the first reason found), or ok. */
function lineState(
  line: CheckoutLineInput,
  item: LineItem | undefined,
  validDates: boolean,
  taken: TakenDates,
  { storage, renterId, now }: { storage: FileStorage; renterId: string | null; now: Date },
): WheelbarrowLineState {
  const days = validDates ? daysInclusive(line.startDate, line.endDate) : 0;
  if (!item)
    return {
      itemId: line.itemId,
      state: 'missing',
      message: 'This item has been removed by its owner.',
      item: null,
      days,
      lineTotalPence: 0,
    };
  const summary = itemSummary(item, storage);
  const lineTotalPence = priceLine(item.dailyRatePence, days, item.weeklyRatePence);
  const problem =
    days === 0
      ? 'These dates are not valid.'
      : (checkoutLineProblem({ ...item, itemName: item.name, ...line }, renterId ?? '', todayInLondon(now)) ??
        requestLineProblem({ startDate: line.startDate, bookingMode: item.bookingMode }, item.name, now));
  if (problem)
    return { itemId: line.itemId, state: item.listed ? 'invalid' : 'unavailable', message: problem, item: summary, days, lineTotalPence };
  const unavailable = (message: string) => ({
    itemId: line.itemId,
    state: 'unavailable' as const,
    message,
    item: summary,
    days,
    lineTotalPence,
  });
  // Paid for in another tab or on another device: the line is done, not taken by someone else.
  if (taken.yours.has(line.itemId)) return { ...unavailable(BOOKED_BY_YOU_MESSAGE), bookedByYou: true };
  if (taken.blocked.has(line.itemId)) return unavailable('The owner is not available on some of these dates. Please choose new dates.');
  if (taken.clashing.has(line.itemId)) return unavailable('Someone has booked some of these dates. Please choose new dates.');
  if (taken.held.has(line.itemId)) return unavailable(CHALLENGE_HELD_MESSAGE);
  return { itemId: line.itemId, state: 'ok', message: null, item: summary, days, lineTotalPence };
}

/** The check as a service of its own, bound to its repository, storage and clock. */
export type WheelbarrowCheck = (lines: CheckoutLineInput[], userId: string | null) => ReturnType<typeof checkWheelbarrow>;

export function createWheelbarrowCheck(
  repo: CheckoutRepository,
  storage: FileStorage,
  now: () => Date,
  heldByChallenges?: HeldByChallenges,
): WheelbarrowCheck {
  return (lines, userId) => checkWheelbarrow(repo, storage, lines, userId, now(), heldByChallenges);
}
