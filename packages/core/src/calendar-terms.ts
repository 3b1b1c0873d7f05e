/**
 * An owner's calendar terms for an item: how it is booked (instant or on request), the days kept
 * free around each rental, and how long a request holds its dates. Dates are London dates.
 */
import { addDays, formatDate, todayInLondon, type IsoDate } from './dates.ts';
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

/** An owner always has at least this long to answer a request (issue: a midnight start left 2.5 hours). */
export const MIN_REQUEST_ANSWER_HOURS = 12;

/** The first start date a request made at `at` may have: one whose 00:00 (London) is at least 12 hours away. */
export function earliestRequestStart(at: Date): IsoDate {
  const enough = at.getTime() + MIN_REQUEST_ANSWER_HOURS * 3_600_000;
  let day = addDays(todayInLondon(at), 1);
  while (londonTimeToInstant(day, '00:00').getTime() < enough) day = addDays(day, 1);
  return day;
}

/** Why a request for `name` made at `at` cannot start on `startDate` (its owner would have under 12 hours to answer); null when it can. */
export function requestStartProblem(at: Date, startDate: IsoDate, name: string): string | null {
  const earliest = earliestRequestStart(at);
  if (startDate >= earliest) return null;
  return `${name} is booked on request, and its owner needs at least ${MIN_REQUEST_ANSWER_HOURS} hours to answer: please choose a start date from ${formatDate(earliest)}.`;
}

const londonClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const londonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** A request's deadline as people read it, in London time: "21:30 on 11 Mar 2029". */
export function formatRequestDeadline(expiresAt: Date): string {
  return `${londonClock.format(expiresAt)} on ${formatDate(londonDay.format(expiresAt))}`;
}

/** "the owner has 24 hours to accept", or until the start of the first day when that comes sooner. */
export function requestAnswerText(at: Date, startDate: IsoDate): string {
  const expires = requestExpiresAt(at, startDate);
  if (expires.getTime() - at.getTime() >= REQUEST_HOLD_HOURS * 3_600_000) return `the owner has ${REQUEST_HOLD_HOURS} hours to accept`;
  return `the owner has until 00:00 on ${formatDate(startDate)} to accept`;
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
