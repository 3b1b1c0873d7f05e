import type { IsoDate } from '@toolshed/core';

/**
 * The dates a repeating event (RFC 5545 RRULE) starts on, as calendar dates of its own time zone.
 * Covers what calendars write for people's busy time: FREQ DAILY, WEEKLY, MONTHLY and YEARLY with
 * INTERVAL, COUNT, UNTIL, BYDAY (with ordinals in a month: 1MO, -1FR), BYMONTHDAY, BYMONTH and WKST.
 * A rule with any other part (BYSETPOS, BYWEEKNO, BYYEARDAY, BYHOUR..., FREQ HOURLY and finer) is
 * `unsupported`: the caller keeps the first occurrence only and says how many it could not expand.
 */
export interface RecurrenceRule {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  interval: number;
  /** Any positive count: occurrences past the window are simply never reached. */
  count: number | undefined;
  /** Occurrences starting after this are not generated: a date, or an instant in milliseconds. */
  until: { kind: 'date'; date: IsoDate } | { kind: 'instant'; at: number } | undefined;
  /** 0 = Sunday ... 6 = Saturday; `n` is the ordinal within the month (0: every such day). */
  byDay: Array<{ n: number; weekday: number }> | undefined;
  byMonthDay: number[] | undefined;
  /** 1-12 */
  byMonth: number[] | undefined;
  /** The first day of the week, for WEEKLY with an INTERVAL. */
  weekStart: number;
}

export class RuleError extends Error {}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const SUPPORTED = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'WKST']);

const integer = (text: string, min: number, max: number): number => {
  if (!/^[+-]?\d{1,4}$/.test(text)) throw new RuleError(text);
  const n = Number(text);
  if (n < min || n > max) throw new RuleError(text);
  return n;
};

/** COUNT has no upper bound in RFC 5545: a larger one than can ever be reached is kept as the largest safe integer. */
const positiveCount = (text: string): number => {
  if (!/^\+?\d+$/.test(text) || /^\+?0+$/.test(text)) throw new RuleError(text);
  return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
};

/**
 * The rule in an RRULE value, `unsupported` for valid rules it does not expand, and RuleError for a
 * value that is not a rule. `readUntil` reads the UNTIL value as DTSTART's are read.
 */
export function parseRule(
  value: string,
  readUntil: (text: string) => { kind: 'date'; date: IsoDate } | { kind: 'instant'; at: number },
): RecurrenceRule | 'unsupported' {
  const parts = new Map<string, string>();
  for (const part of value.trim().split(';')) {
    if (part === '') continue;
    const [key, val, ...rest] = part.split('=');
    if (!key || val === undefined || rest.length > 0 || val === '') throw new RuleError(part);
    parts.set(key.toUpperCase(), val.toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (!freq) throw new RuleError('FREQ');
  if (!['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(freq)) throw new RuleError(freq);
  if (parts.has('COUNT') && parts.has('UNTIL')) throw new RuleError('COUNT and UNTIL');
  const list = (key: string) => parts.get(key)?.split(',');
  const byDay = list('BYDAY')?.map((d) => {
    const m = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/.exec(d);
    if (!m) throw new RuleError(d);
    const n = m[1] ? integer(m[1], -53, 53) : 0;
    if (m[1] && n === 0) throw new RuleError(d);
    return { n, weekday: WEEKDAYS.indexOf(m[2]!) };
  });
  const byMonthDay = list('BYMONTHDAY')?.map((d) => {
    const n = integer(d, -31, 31);
    if (n === 0) throw new RuleError(d);
    return n;
  });
  const byMonth = list('BYMONTH')?.map((m) => integer(m, 1, 12));
  const wkst = parts.get('WKST');
  if (wkst !== undefined && !WEEKDAYS.includes(wkst)) throw new RuleError(wkst);
  const rule: RecurrenceRule = {
    freq: freq as RecurrenceRule['freq'],
    interval: parts.has('INTERVAL') ? integer(parts.get('INTERVAL')!, 1, 9999) : 1,
    count: parts.has('COUNT') ? positiveCount(parts.get('COUNT')!) : undefined,
    until: parts.has('UNTIL') ? readUntil(parts.get('UNTIL')!) : undefined,
    byDay,
    byMonthDay,
    byMonth,
    weekStart: wkst ? WEEKDAYS.indexOf(wkst) : 1,
  };
  const unsupported =
    [...parts.keys()].some((k) => !SUPPORTED.has(k)) ||
    !['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(freq) ||
    // Ordinals belong to a month (MONTHLY, or YEARLY with BYMONTH); every Nth weekday of a year is not read.
    (byDay?.some((d) => d.n !== 0) && !(freq === 'MONTHLY' || (freq === 'YEARLY' && byMonth))) ||
    (freq === 'WEEKLY' && byMonthDay !== undefined) ||
    (freq === 'YEARLY' && byDay !== undefined && !byMonth);
  return unsupported ? 'unsupported' : rule;
}

// Calendar arithmetic on day numbers (days since 1970-01-01, proleptic Gregorian, any year from 0000):
