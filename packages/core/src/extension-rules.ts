/**
 * Extending a rental: the renter asks for more days on an upcoming or active rental. The days after
 * the current end must be free (buffer days included; the database decides), the whole rental within
 * the item's maximum length, and the price is the one pricing function's over the whole new range
 * minus what was already charged for the line.
 */
import { compareDates, daysInclusive, formatDate, type IsoDate } from './dates.ts';
import { lineTotalPence, serviceFeePence } from './money.ts';
import { addDays } from './dates.ts';
import type { RentalState } from './rental-lifecycle.ts';

export const EXTENSION_PAYMENT_METHODS = ['card', 'balance'] as const;
export type ExtensionPaymentMethod = (typeof EXTENSION_PAYMENT_METHODS)[number];

/** Why these dates cannot extend the rental (before asking whether they are free); null when they can. */
export function extensionProblem(
  r: { state: RentalState; startDate: IsoDate; endDate: IsoDate; maxDays: number },
  newEndDate: IsoDate,
): string | null {
  if (r.state === 'requested') return 'This request has not been accepted yet, so it cannot be extended.';
  if (r.state === 'overdue') return 'This rental is overdue, so it can no longer be extended. Please return the item.';
  if (r.state !== 'upcoming' && r.state !== 'active') return 'Only an upcoming or active rental can be extended.';
  if (compareDates(newEndDate, r.endDate) <= 0) return `Please choose an end date after ${formatDate(r.endDate)}, the current one.`;
  if (daysInclusive(r.startDate, newEndDate) > r.maxDays) {
    return `This item can be rented for at most ${r.maxDays} days, so this rental can end on ${formatDate(addDays(r.startDate, r.maxDays - 1))} at the latest.`;
  }
  return null;
}

export interface ExtensionPrice {
  /** The line's new total over the whole new range (lineTotalPence). */
  newLinePence: number;
  /** What the extension adds to the line (the owner's earnings) and to the fee; either may be negative when a weekly price makes the longer rental cheaper. */
  linePence: number;
  feePence: number;
  /** What the renter pays now (negative: what comes back to their balance). */
  totalPence: number;
}

/**
 * The whole new range priced by the shared function, minus what was charged so far: the line's
 * current total and the fee paid for it (its checkout fee share and earlier extensions' fees).
 */
export function extensionPrice(
  r: { dailyRatePence: number; weeklyRatePence: number | null; startDate: IsoDate; chargedLinePence: number; chargedFeePence: number },
  newEndDate: IsoDate,
): ExtensionPrice {
  const newLinePence = lineTotalPence(r.dailyRatePence, daysInclusive(r.startDate, newEndDate), r.weeklyRatePence);
  const linePence = newLinePence - r.chargedLinePence;
  const feePence = serviceFeePence(newLinePence) - r.chargedFeePence;
  return { newLinePence, linePence, feePence, totalPence: linePence + feePence };
}
