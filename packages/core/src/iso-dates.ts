/**
 * What the browse page needs of dates.ts (which re-exports all of it): reading, checking and
 * comparing 'YYYY-MM-DD' dates. A module of its own so the first page's code takes these and not the
 * rest of dates.ts, which the booking screens use.
 */
export type IsoDate = string;

const londonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in London at the given instant. */
export function todayInLondon(now: Date = new Date()): IsoDate {
  return londonDay.format(now);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The one check that a value is a real calendar date 'YYYY-MM-DD' (2027-02-30 and 2026-13-01 are not). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export function toUtc(date: IsoDate): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

export const DAY_MS = 86_400_000;

/** Rental length counts both end days: the 1st to the 3rd is 3 days. */
export function daysInclusive(start: IsoDate, end: IsoDate): number {
  return Math.round((toUtc(end) - toUtc(start)) / DAY_MS) + 1;
}

export function compareDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
