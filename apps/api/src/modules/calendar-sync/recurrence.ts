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
/** However far back an event starts, no more periods than this are walked. */
const MAX_PERIODS = 50_000;

const integer = (text: string, min: number, max: number): number => {
  if (!/^[+-]?\d{1,4}$/.test(text)) throw new RuleError(text);
  const n = Number(text);
  if (n < min || n > max) throw new RuleError(text);
  return n;
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
    count: parts.has('COUNT') ? integer(parts.get('COUNT')!, 1, 9999) : undefined,
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

const DAY_MS = 86_400_000;
const dayNumber = (date: IsoDate) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const fromDayNumber = (n: number): IsoDate => new Date(n * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: IsoDate) => (dayNumber(date) + 4) % 7; // 1970-01-01 was a Thursday
const ymd = (date: IsoDate) => date.split('-').map(Number) as [number, number, number];
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const dateOf = (y: number, m: number, d: number): IsoDate =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The days of month (y, m) the rule picks, in order; `startDay` when it names none. */
function daysInMonthFor(rule: RecurrenceRule, y: number, m: number, startDay: number): number[] {
  const last = daysInMonth(y, m);
  let days: number[];
  if (rule.byMonthDay) {
    days = rule.byMonthDay.map((n) => (n > 0 ? n : last + 1 + n)).filter((d) => d >= 1 && d <= last);
    if (rule.byDay) days = days.filter((d) => rule.byDay!.some((b) => b.weekday === weekdayOf(dateOf(y, m, d))));
  } else if (rule.byDay) {
    days = [];
    for (const { n, weekday } of rule.byDay) {
      const matching: number[] = [];
      for (let d = 1; d <= last; d += 1) if (weekdayOf(dateOf(y, m, d)) === weekday) matching.push(d);
      if (n === 0) days.push(...matching);
      else {
        const pick = n > 0 ? matching[n - 1] : matching[matching.length + n];
        if (pick !== undefined) days.push(pick);
      }
    }
  } else days = startDay <= last ? [startDay] : [];
  return [...new Set(days)].sort((a, b) => a - b);
}

/**
 * Start dates of the rule's occurrences after `start` (which is always the first), in order, while
 * they are before `until` (exclusive) and within COUNT. `isAfterUntil` says whether an occurrence on
 * a date starts after the rule's UNTIL (the caller knows the event's time of day and zone).
 */
export function* occurrenceDates(
  rule: RecurrenceRule,
  start: IsoDate,
  until: IsoDate,
  isAfterUntil: (date: IsoDate) => boolean,
): Generator<IsoDate> {
  let emitted = 1; // DTSTART is the first occurrence, whether or not the rule picks it
  const inMonths = (date: IsoDate) => !rule.byMonth || rule.byMonth.includes(ymd(date)[1]);
  const pick = function* (dates: IsoDate[]): Generator<IsoDate, boolean> {
    for (const date of dates) {
      if (date <= start) continue;
      if (date >= until || isAfterUntil(date)) return false;
      if (rule.count !== undefined && emitted >= rule.count) return false;
      emitted += 1;
      yield date;
    }
    return true;
  };
  const [sy, sm, sd] = ymd(start);
  const startWeekday = weekdayOf(start);
  for (let k = 0; k < MAX_PERIODS; k += 1) {
    let dates: IsoDate[];
    if (rule.freq === 'DAILY') {
      const date = fromDayNumber(dayNumber(start) + k * rule.interval);
      if (date >= until) return;
      const [y, m, d] = ymd(date);
      const ok =
        inMonths(date) &&
        (!rule.byMonthDay || daysInMonthFor({ ...rule, byDay: undefined }, y, m, 0).includes(d)) &&
        (!rule.byDay || rule.byDay.some((b) => b.weekday === weekdayOf(date)));
      dates = ok ? [date] : [];
    } else if (rule.freq === 'WEEKLY') {
      const weekFirst = dayNumber(start) - ((startWeekday - rule.weekStart + 7) % 7) + k * 7 * rule.interval;
      if (fromDayNumber(weekFirst) >= until) return;
      const weekdays = rule.byDay ? rule.byDay.map((b) => b.weekday) : [startWeekday];
      dates = [];
      for (let i = 0; i < 7; i += 1) {
        const date = fromDayNumber(weekFirst + i);
        if (weekdays.includes(weekdayOf(date)) && inMonths(date)) dates.push(date);
      }
    } else if (rule.freq === 'MONTHLY') {
      const index = sy * 12 + (sm - 1) + k * rule.interval;
      const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
      if (dateOf(y, m, 1) >= until) return;
      dates = inMonths(dateOf(y, m, 1)) ? daysInMonthFor(rule, y, m, sd).map((d) => dateOf(y, m, d)) : [];
    } else {
      const y = sy + k * rule.interval;
      if (dateOf(y, 1, 1) >= until) return;
      dates = (rule.byMonth ?? [sm]).sort((a, b) => a - b).flatMap((m) => daysInMonthFor(rule, y, m, sd).map((d) => dateOf(y, m, d)));
    }
    if (!(yield* pick(dates))) return;
  }
}

/** The number of days from `a` to `b` (negative when `b` is earlier). */
export const daysBetween = (a: IsoDate, b: IsoDate): number => dayNumber(b) - dayNumber(a);
