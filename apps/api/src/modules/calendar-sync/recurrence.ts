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

/** Thrown by WorkBudget.spend once a calendar has used up its budget. */
export class WorkBudgetExceeded extends Error {}

/**
 * The work reading one calendar may take, in steps: each occurrence produced and each month walked
 * to count the occurrences a COUNT had before the window. Counted, not timed, so a calendar is read
 * or refused the same way on any machine.
 */
export class WorkBudget {
  used = 0;
  readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  spend(steps = 1): void {
    this.used += steps;
    if (this.used > this.limit) throw new WorkBudgetExceeded(`more than ${this.limit} steps`);
  }
}

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
// no Date objects, which read years 0-99 as 1900-1999, and no strings until a date is produced.
const mod = (a: number, n: number) => ((a % n) + n) % n;

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
const weekdayOf = (n: number) => mod(n + 4, 7);
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Days in month m (1-12) of year y. */
export const monthLength = (y: number, m: number): number => (m === 2 && isLeap(y) ? 29 : MONTH_LENGTHS[m - 1]!);
/** Months are numbered y * 12 + (m - 1). */
const monthOfDay = (n: number) => {
  const [y, m] = dateOfDayNumber(n);
  return y * 12 + m - 1;
};
/** The day `months` months after `date`, or the last day of that month when it is shorter (31 Aug + 6 months: 28 or 29 Feb). */
export function monthsAfter(date: IsoDate, months: number): IsoDate {
  const index = digits(date, 0, 4) * 12 + digits(date, 5, 7) - 1 + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  return isoOfDayNumber(dayNumberOf(y, m, Math.min(digits(date, 8, 10), monthLength(y, m))));
}

/** What a rule and its first occurrence fix, worked out once per event. */
interface Pattern {
  rule: RecurrenceRule;
  /** DTSTART's day number, year, month index and day of month. */
  first: number;
  startYear: number;
  startMonth: number;
  startDay: number;
  /** WEEKLY: the first day of DTSTART's week (by WKST). */
  weekFirst: number;
  /** DAILY: the BYDAY weekdays; WEEKLY: those or DTSTART's own. */
  weekdays: Set<number>;
  /** BYMONTH sorted, or for YEARLY without it DTSTART's month. */
  months: number[] | undefined;
}

function patternOf(rule: RecurrenceRule, first: number): Pattern {
  const [sy, sm, sd] = dateOfDayNumber(first);
  const weekdays = new Set(rule.byDay?.map((b) => b.weekday) ?? (rule.freq === 'WEEKLY' ? [weekdayOf(first)] : []));
  const byMonth = rule.byMonth ? [...new Set(rule.byMonth)].sort((a, b) => a - b) : undefined;
  return {
    rule,
    first,
    startYear: sy,
    startMonth: sy * 12 + sm - 1,
    startDay: sd,
    weekFirst: first - mod(weekdayOf(first) - rule.weekStart, 7),
    weekdays,
    months: rule.freq === 'YEARLY' ? (byMonth ?? [sm]) : byMonth,
  };
}

/** The first month at or after `month` that holds one of `months` (sorted, 1-12). */
function nextListedMonth(month: number, months: number[]): number {
  const y = Math.floor(month / 12);
  const next = months.find((m) => m >= (month % 12) + 1);
  return next !== undefined ? y * 12 + next - 1 : (y + 1) * 12 + months[0]! - 1;
}

/**
 * The first month at or after `month` in which the rule may pick a day (a period of MONTHLY and
 * YEARLY, a month of BYMONTH), found by arithmetic; Infinity when there is none.
 */
function nextActiveMonth(p: Pattern, month: number): number {
  const { freq, interval } = p.rule;
  const from = Math.max(month, p.startMonth);
  if (freq === 'DAILY' || freq === 'WEEKLY') return p.months ? nextListedMonth(from, p.months) : from;
  if (freq === 'MONTHLY') {
    const k = Math.ceil((from - p.startMonth) / interval);
    // Months of the year repeat after at most 12 periods: none of them in BYMONTH means never.
    for (let i = 0; i < 12; i += 1) {
      const candidate = p.startMonth + (k + i) * interval;
      if (!p.months || p.months.includes((candidate % 12) + 1)) return candidate;
    }
    return Infinity;
  }
  const y = Math.floor(from / 12);
  let year = p.startYear + Math.ceil((y - p.startYear) / interval) * interval;
  if (year === y) {
    const next = p.months!.find((m) => m >= (from % 12) + 1);
    if (next !== undefined) return y * 12 + next - 1;
    year += interval;
  }
  return year * 12 + p.months![0]! - 1;
}

/** The days of a month that BYMONTHDAY (negative: from the end) names, in order. */
const monthDays = (byMonthDay: number[], last: number): number[] =>
  [...new Set(byMonthDay.map((n) => (n > 0 ? n : last + 1 + n)).filter((d) => d >= 1 && d <= last))].sort((a, b) => a - b);

/** MONTHLY and YEARLY: the days a month's period picks (BYMONTHDAY, BYDAY with ordinals, or DTSTART's day). */
function pickedDays(rule: RecurrenceRule, last: number, firstWeekday: number, startDay: number): number[] {
  const weekdayOfDay = (d: number) => mod(firstWeekday + d - 1, 7);
  if (rule.byMonthDay) {
    const days = monthDays(rule.byMonthDay, last);
    return rule.byDay ? days.filter((d) => rule.byDay!.some((b) => b.weekday === weekdayOfDay(d))) : days;
  }
  if (!rule.byDay) return startDay <= last ? [startDay] : [];
  const days = new Set<number>();
  for (const { n, weekday } of rule.byDay) {
    const firstSuch = 1 + mod(weekday - firstWeekday, 7);
    const many = Math.floor((last - firstSuch) / 7) + 1;
    if (n === 0) for (let d = firstSuch; d <= last; d += 7) days.add(d);
    else {
      const index = n > 0 ? n - 1 : many + n;
      if (index >= 0 && index < many) days.add(firstSuch + 7 * index);
    }
  }
  return [...days].sort((a, b) => a - b);
}

/** The days of month `month` (already known to be active) that the rule's periods pick, in order. */
function daysOfMonth(p: Pattern, month: number): number[] {
  const { rule } = p;
  const y = Math.floor(month / 12);
  const m = (month % 12) + 1;
  const last = monthLength(y, m);
  const base = dayNumberOf(y, m, 1);
  const firstWeekday = weekdayOf(base);
  if (rule.freq === 'DAILY') {
    const everyInterval = (d: number) => mod(base + d - 1 - p.first, rule.interval) === 0;
    let days: number[];
    if (rule.byMonthDay) days = monthDays(rule.byMonthDay, last).filter(everyInterval);
    else {
      days = [];
      for (let d = 1 + mod(p.first - base, rule.interval); d <= last; d += rule.interval) days.push(d);
    }
    return rule.byDay ? days.filter((d) => p.weekdays.has(mod(firstWeekday + d - 1, 7))) : days;
  }
  if (rule.freq === 'WEEKLY') {
    const days: number[] = [];
    for (const weekday of p.weekdays) {
      for (let d = 1 + mod(weekday - firstWeekday, 7); d <= last; d += 7) {
        const week = Math.floor((base + d - 1 - p.weekFirst) / 7);
        if (week >= 0 && week % rule.interval === 0) days.push(d);
      }
    }
    return days.sort((a, b) => a - b);
  }
  return pickedDays(rule, last, firstWeekday, p.startDay);
}

/** WEEKLY without BYMONTH: how many days from DTSTART's week's first day up to day `x` (exclusive) the rule picks. */
function weeklyBelow(p: Pattern, x: number): number {
  const span = x - p.weekFirst;
  if (span <= 0) return 0;
  const weeks = Math.floor(span / 7);
  let count = Math.ceil(weeks / p.rule.interval) * p.weekdays.size;
  if (weeks % p.rule.interval === 0) {
    for (let i = 0; i < span - weeks * 7; i += 1) if (p.weekdays.has(weekdayOf(p.weekFirst + weeks * 7 + i))) count += 1;
  }
  return count;
}

/** What occurrenceDays yields, between days, where the caller may pause: a long count is walked in pieces. */
export const PAUSE = null;
/** Months walked between pauses. */
const MONTHS_BETWEEN_PAUSES = 256;

/**
 * How many occurrences the rule has after DTSTART and before day `before`, counting no further than
 * `enough`. By arithmetic for DAILY and WEEKLY rules without BYMONTH or BYMONTHDAY (every period, or
 * a weekday pattern that repeats every 7 periods); otherwise month by month over the months the rule
 * can pick (every INTERVAL-th for MONTHLY and YEARLY), each month a step of the budget, with a PAUSE
 * every MONTHS_BETWEEN_PAUSES months.
 */
function* countBefore(p: Pattern, before: number, enough: number, budget: WorkBudget): Generator<typeof PAUSE, number> {
  if (before <= p.first + 1) return 0;
  const { rule } = p;
  budget.spend(1);
  if (rule.freq === 'DAILY' && !rule.byMonth && !rule.byMonthDay) {
    const periods = Math.floor((before - 1 - p.first) / rule.interval);
    if (!rule.byDay) return periods;
    let perCycle = 0;
    let inRemainder = 0;
    for (let j = 1; j <= 7; j += 1) {
      if (!p.weekdays.has(weekdayOf(p.first + j * rule.interval))) continue;
      perCycle += 1;
      if (j <= periods % 7) inRemainder += 1;
    }
    return Math.floor(periods / 7) * perCycle + inRemainder;
  }
  if (rule.freq === 'WEEKLY' && !rule.byMonth) return weeklyBelow(p, before) - weeklyBelow(p, p.first + 1);
  let count = 0;
  const lastMonth = monthOfDay(before - 1);
  let walked = 0;
  for (let month = nextActiveMonth(p, p.startMonth); month <= lastMonth; month = nextActiveMonth(p, month + 1)) {
    budget.spend(1);
    if (++walked % MONTHS_BETWEEN_PAUSES === 0) yield PAUSE;
    const base = dayNumberOf(Math.floor(month / 12), (month % 12) + 1, 1);
    for (const d of daysOfMonth(p, month)) {
      const n = base + d - 1;
      if (n > p.first && n < before) count += 1;
    }
    if (count >= enough) return count;
  }
  return count;
}

/**
 * Start days (day numbers) of the rule's occurrences after `start` (which is always the first) that
 * fall in the window [from, until), in order, within COUNT and UNTIL. The rule is not walked from its
 * start: the first month of the window is found by arithmetic, and for a COUNT the occurrences before
 * the window are counted (countBefore), so a daily rule from 1900 costs what its days in the window
 * cost. `isAfterUntil` says whether an occurrence on a day starts after the rule's UNTIL (the caller
 * knows the event's time of day and zone). Each month visited and each day produced is a step of
 * `budget`; PAUSE comes between days where the caller may let other work run.
 */
export function* occurrenceDays(
  rule: RecurrenceRule,
  start: number,
  window: { from: number; until: number },
  isAfterUntil: (day: number) => boolean,
  budget: WorkBudget,
): Generator<number | typeof PAUSE> {
  const p = patternOf(rule, start);
  const from = Math.max(window.from, p.first + 1);
  const { until } = window;
  if (from >= until) return;
  // DTSTART is the first occurrence, whether or not the rule picks it.
  let left = Infinity;
  if (rule.count !== undefined) {
    const enough = rule.count - 1;
    left = enough - (yield* countBefore(p, from, enough, budget));
    if (left <= 0) return;
  }
  for (let month = nextActiveMonth(p, monthOfDay(from)); Number.isFinite(month); month = nextActiveMonth(p, month + 1)) {
    const base = dayNumberOf(Math.floor(month / 12), (month % 12) + 1, 1);
    if (base >= until) return;
    budget.spend(1);
    for (const d of daysOfMonth(p, month)) {
      const n = base + d - 1;
      if (n < from) continue;
      if (n >= until || isAfterUntil(n)) return;
      budget.spend(1);
      yield n;
      left -= 1;
      if (left <= 0) return;
    }
  }
}
