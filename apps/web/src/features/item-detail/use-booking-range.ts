import { useState } from 'react';
import { bookingButtonState, compareDates, formatDate, isIsoDate, rangesOverlap, vacationBlockedRange, type IsoDate } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import type { PickedRange } from './range-selection.ts';

/** Keeps only well-formed dates from the URL, so a hand-edited link cannot break the calendar. */
function startingRange(initial: { startDate: string; endDate: string } | undefined): PickedRange {
  if (!initial || !isIsoDate(initial.startDate)) return {};
  return isIsoDate(initial.endDate) ? { startDate: initial.startDate, endDate: initial.endDate } : { startDate: initial.startDate };
}

/** The dates the renter picked on the item's calendar, and what the booking button makes of them. */
export function useBookingRange(item: ItemDetail, today: IsoDate, initialRange: { startDate: string; endDate: string } | undefined) {
  const [range, setRange] = useState<PickedRange>(() => startingRange(initialRange));
  const limits = { minDays: item.minDays, maxDays: item.maxDays };
  // Vacation mode: the owner's away days cannot be booked, as booked ones cannot, but the calendar
  // shows and announces them as the owner being away, not as bookings.
  const away = vacationBlockedRange(item.ownerAwayUntil, today);
  const blocked = away ? [...item.bookedRanges, away] : item.bookedRanges;
  const state = bookingButtonState(range, limits, blocked, today);
  const overAwayDays =
    state.kind === 'unavailable' &&
    away &&
    range.startDate &&
    range.endDate &&
    rangesOverlap({ startDate: range.startDate, endDate: range.endDate }, away);
  // Taken by a booking, a buffer or the owner's other calendar (not the owner away, not past or reversed dates): worth waiting for.
  const taken =
    state.kind === 'unavailable' &&
    !overAwayDays &&
    range.startDate !== undefined &&
    range.endDate !== undefined &&
    compareDates(range.startDate, today) >= 0 &&
    compareDates(range.endDate, range.startDate) >= 0
      ? { startDate: range.startDate, endDate: range.endDate }
      : null;
  const reason = overAwayDays ? `The owner is away until ${formatDate(away.endDate)}, so those days cannot be booked.` : null;
  return { range, setRange, limits, away, state, taken, reason };
}
