/** "Tell me if these dates free up": the limit, the words and the link the API and the web app share. */
import type { IsoDate } from './iso-dates.ts';

/** The most watches one member may have waiting at once (notified or past ones do not count). */
export const MAX_DATE_WATCHES = 20;

export const DATE_WATCH_LIMIT_MESSAGE = `You can wait for at most ${MAX_DATE_WATCHES} sets of dates at once. Stop waiting for some on your Saved page first.`;
export const DATE_WATCH_OWN_ITEM_MESSAGE = 'This is your own item: you cannot wait for its dates.';
export const DATE_WATCH_UNLISTED_MESSAGE = 'This item is not listed just now, so you cannot wait for its dates.';
export const DATE_WATCH_FREE_MESSAGE = 'These dates are free now: you can book them.';
export const DATE_WATCH_PAST_MESSAGE = 'The start date has passed: choose dates from today.';
export const DATE_WATCH_NOT_FOUND_MESSAGE = 'You are not waiting for these dates.';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function parts(date: IsoDate): { day: number; month: string; year: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { day: d, month: MONTHS[m - 1]!, year: y };
}

/**
 * A range of London calendar dates in few words: '2 March', '2-4 March', '30 March-2 April', and
 * with the years only when it crosses one: '30 December 2026-2 January 2027'.
 */
export function dateSpan(startDate: IsoDate, endDate: IsoDate): string {
  const a = parts(startDate);
  const b = parts(endDate);
  if (startDate === endDate) return `${a.day} ${a.month}`;
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year}-${b.day} ${b.month} ${b.year}`;
  if (a.month === b.month) return `${a.day}-${b.day} ${a.month}`;
  return `${a.day} ${a.month}-${b.day} ${b.month}`;
}

/** What the popup says once the member is waiting for these dates. */
export const dateWatchSavedSentence = (startDate: IsoDate, endDate: IsoDate): string =>
  `We'll tell you if ${dateSpan(startDate, endDate)} free up.`;

/** The address that opens the item's popup over All Items with these dates chosen in its calendar. */
export function itemDatesPath(itemId: string, startDate: IsoDate, endDate: IsoDate): string {
  const query = new URLSearchParams({ startDate, endDate });
  return `/category/all/item/${encodeURIComponent(itemId)}?${query}`;
}
