/**
 * Extending a rental: the renter asks for more days on an upcoming or active rental. The days after
 * the current end must be free (buffer days included; the database decides), the whole rental within
 * the item's maximum length, and the price is the one pricing function's over the whole new range
 * minus what was already charged for the line.
 */
import { compareDates, daysInclusive, formatDate, type IsoDate } from './dates.ts';
import { lineTotalPence, serviceFeePence } from './money.ts';
import { addDays } from './dates.ts';
import { requestExpiresAt } from './calendar-terms.ts';
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

/**
 * A request item's extension waits for its owner, holding the extra days (the rental row's
 * held_end_date, under the same no-overlap constraint as bookings), as a request holds its dates:
 *   pending --accept (owner: paid)--> paid | --decline (owner, with a reason)--> declined
 *   pending --withdraw (renter)--> withdrawn | --expire (Toolshed, after 24 hours or at its first extra day)--> expired
 * Declined, withdrawn and expired extensions void their authorisation and free the days; an
 * extension whose hold has run out can no longer be answered or withdrawn even before Toolshed closes it.
 */
export const PENDING_EXTENSION_ACTIONS = {
  accept: 'owner',
  decline: 'owner',
  withdraw: 'renter',
  expire: 'system',
} as const;
export type PendingExtensionAction = keyof typeof PENDING_EXTENSION_ACTIONS;

/** The reason the renter is given when their extension runs out unanswered. */
export const EXPIRED_EXTENSION_MESSAGE = 'This extension has expired: the extra days were freed and nothing was charged.';

/** When an extension asked at `at` of a rental ending on `endDate` stops holding its days: 24 hours later or the start of its first extra day (London), the earlier. */
export function extensionExpiresAt(at: Date, endDate: IsoDate): Date {
  return requestExpiresAt(at, addDays(endDate, 1));
}

/**
 * Why `actor` may not take `action` on the rental's pending extension (`pending`: null when none
 * waits) at `at`, in words for the user; null when they may.
 */
export function pendingExtensionRefusal(
  action: PendingExtensionAction,
  pending: { expiresAt: Date } | null | undefined,
  actor: 'renter' | 'owner' | 'system',
  at: Date,
): string | null {
  if (PENDING_EXTENSION_ACTIONS[action] !== actor) {
    if (action === 'withdraw') return 'Only the renter can withdraw an extension they asked for.';
    return 'Only the owner can accept or decline an extension.';
  }
  if (!pending) {
    if (action === 'withdraw') return 'There is no extension of this rental waiting for the owner.';
    if (action === 'expire') return 'This extension has already been answered.';
    return 'There is no extension of this rental waiting for an answer.';
  }
  const expired = pending.expiresAt.getTime() <= at.getTime();
  if (action === 'expire') return expired ? null : 'This extension is still waiting for the owner.';
  return expired ? EXPIRED_EXTENSION_MESSAGE : null;
}
