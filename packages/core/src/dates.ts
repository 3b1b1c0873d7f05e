/**
 * Calendar dates are 'YYYY-MM-DD' strings in Europe/London. Arithmetic runs on UTC midnights,
 * so a clock change can never add or lose a day. The checks and comparisons the browse page runs
 * live in iso-dates.ts (the first page's code takes that module whole, and nothing else of these).
 */
import { DAY_MS, toUtc, type IsoDate } from './iso-dates.ts';

export { compareDates, daysInclusive, isIsoDate, todayInLondon, type IsoDate } from './iso-dates.ts';

function fromUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** '2026-11-22' -> '22 Nov 2026' (en-GB), for display. */
export function formatDate(date: IsoDate): string {
  return new Date(toUtc(date)).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A Date at UTC midnight of the calendar date, for date pickers that work on local Date objects. */
export function isoToLocalDate(date: IsoDate): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function localDateToIso(date: Date): IsoDate {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
