/**
 * An owner's calendar terms for an item: how it is booked (instant or on request), the days kept
 * free around each rental, and how long a request holds its dates. Dates are London dates.
 */
import { addDays, type IsoDate } from './dates.ts';
import { londonTimeToInstant } from './london-time.ts';
import type { DateRange } from './booking-range.ts';

export const BOOKING_MODES = ['instant', 'request'] as const;
export const MAX_BUFFER_DAYS = 3;
/** A request holds its dates this long at most (and never past the start of its first day). */
const REQUEST_HOLD_HOURS = 24;

/** When a request made at `at` stops holding its dates: 24 hours later or the start of its first day (London), the earlier. */
export function requestExpiresAt(at: Date, startDate: IsoDate): Date {
  const dayLater = new Date(at.getTime() + REQUEST_HOLD_HOURS * 3_600_000);
  const start = londonTimeToInstant(startDate, '00:00');
  return start < dayLater ? start : dayLater;
}

/**
 * The days a new rental may not use because of rentals already booked: each booked range with the
 * item's buffer days before and after it. The popup's calendar shows them unavailable; the database
 * refuses the same overlaps (migration 0027).
 */
export function withBuffers(booked: readonly DateRange[], bufferDays: number): DateRange[] {
  if (bufferDays <= 0) return booked.map((r) => ({ ...r }));
  return booked.map((r) => ({ startDate: addDays(r.startDate, -bufferDays), endDate: addDays(r.endDate, bufferDays) }));
}
