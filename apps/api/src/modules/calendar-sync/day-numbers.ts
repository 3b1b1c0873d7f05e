import type { IsoDate } from '@toolshed/core';

export const mod = (a: number, n: number) => ((a % n) + n) % n;

/** The day number of a date (civil-to-days, with the year starting in March so leap days come last). */
export function dayNumberOf(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yearOfEra = yy - era * 400;
  const dayOfYear = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/** The date of a day number, as [year, month 1-12, day]. */
export function dateOfDayNumber(n: number): [number, number, number] {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yearOfEra + era * 400 + (m <= 2 ? 1 : 0), m, dayOfYear - Math.floor((153 * mp + 2) / 5) + 1];
}

const digits = (text: string, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i += 1) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
};
/** The day number of a 'YYYY-MM-DD' date. */
export const dayNumber = (date: IsoDate): number => dayNumberOf(digits(date, 0, 4), digits(date, 5, 7), digits(date, 8, 10));
const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** The 'YYYY-MM-DD' date of a day number. */
export function isoOfDayNumber(n: number): IsoDate {
  const [y, m, d] = dateOfDayNumber(n);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}
/** 0 = Sunday; 1970-01-01 was a Thursday. */
export const weekdayOf = (n: number) => mod(n + 4, 7);
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Days in month m (1-12) of year y. */
export const monthLength = (y: number, m: number): number => (m === 2 && isLeap(y) ? 29 : MONTH_LENGTHS[m - 1]!);
/** Months are numbered y * 12 + (m - 1). */
export const monthOfDay = (n: number) => {
  const [y, m] = dateOfDayNumber(n);
  return y * 12 + m - 1;
};
/** The day `months` months after `date`, or the last day of that month when it is shorter (31 Aug + 6 months: 28 or 29 Feb). */
export function monthsAfter(date: IsoDate, months: number): IsoDate {
  const index = digits(date, 0, 4) * 12 + digits(date, 5, 7) - 1 + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  return isoOfDayNumber(dayNumberOf(y, m, Math.min(digits(date, 8, 10), monthLength(y, m))));
}
