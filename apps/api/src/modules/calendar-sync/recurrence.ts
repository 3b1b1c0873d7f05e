import { dateOfDayNumber, dayNumberOf, mod, monthLength, monthOfDay, weekdayOf } from './day-numbers.ts';
import type { RecurrenceRule } from './recurrence-rule.ts';
import type { WorkBudget } from './work-budget.ts';

// The dates a repeating event starts on (the rules recurrence-rule.ts reads), walked on day numbers.

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
