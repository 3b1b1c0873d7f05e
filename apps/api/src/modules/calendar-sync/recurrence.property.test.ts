import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateOfDayNumber, dayNumber, dayNumberOf, isoOfDayNumber, monthsAfter } from './day-numbers.ts';
import { occurrenceDays, PAUSE } from './recurrence.ts';
import { parseRule, type RecurrenceRule } from './recurrence-rule.ts';
import { WorkBudget } from './work-budget.ts';

/**
 * The naive expansion the reader used before it jumped to the window: every period of the rule from
 * DTSTART on, in order, on Date objects, until the window's end. Kept here as the reference the
 * arithmetic must agree with; starts are after 1970 so that Date reads every year as written.
 */
function naiveDates(rule: RecurrenceRule, start: string, until: string): string[] {
  const DAY = 86_400_000;
  const day = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
  const iso = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
  const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
  const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
  const lengthOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const dateOf = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const inMonths = (date: string) => !rule.byMonth || rule.byMonth.includes(parts(date)[1]);
  const untilDate = rule.until?.kind === 'date' ? rule.until.date : undefined;

  function picked(y: number, m: number, startDay: number): number[] {
    const last = lengthOf(y, m);
    let days: number[] = [];
    if (rule.byMonthDay) {
      days = rule.byMonthDay.map((n) => (n > 0 ? n : last + 1 + n)).filter((d) => d >= 1 && d <= last);
      if (rule.byDay) days = days.filter((d) => rule.byDay!.some((b) => b.weekday === weekday(dateOf(y, m, d))));
    } else if (rule.byDay) {
      for (const { n, weekday: w } of rule.byDay) {
        const matching: number[] = [];
        for (let d = 1; d <= last; d += 1) if (weekday(dateOf(y, m, d)) === w) matching.push(d);
        if (n === 0) days.push(...matching);
        else {
          const pick = n > 0 ? matching[n - 1] : matching[matching.length + n];
          if (pick !== undefined) days.push(pick);
        }
      }
    } else if (startDay <= last) days = [startDay];
    return [...new Set(days)].sort((a, b) => a - b);
  }

  const out: string[] = [];
  let emitted = 1;
  const [sy, sm, sd] = parts(start);
  for (let k = 0; ; k += 1) {
    let dates: string[];
    let periodStart: string;
    if (rule.freq === 'DAILY') {
      const date = iso(day(start) + k * rule.interval);
      periodStart = date;
      const [y, m, d] = parts(date);
      const ok =
        inMonths(date) &&
        (!rule.byMonthDay || rule.byMonthDay.map((n) => (n > 0 ? n : lengthOf(y, m) + 1 + n)).includes(d)) &&
        (!rule.byDay || rule.byDay.some((b) => b.weekday === weekday(date)));
      dates = ok ? [date] : [];
    } else if (rule.freq === 'WEEKLY') {
      const first = day(start) - ((weekday(start) - rule.weekStart + 7) % 7) + k * 7 * rule.interval;
      periodStart = iso(first);
      const weekdays = rule.byDay ? rule.byDay.map((b) => b.weekday) : [weekday(start)];
      dates = [];
      for (let i = 0; i < 7; i += 1) {
        const date = iso(first + i);
        if (weekdays.includes(weekday(date)) && inMonths(date)) dates.push(date);
      }
    } else if (rule.freq === 'MONTHLY') {
      const index = sy * 12 + (sm - 1) + k * rule.interval;
      const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
      periodStart = dateOf(y, m, 1);
      dates = inMonths(periodStart) ? picked(y, m, sd).map((d) => dateOf(y, m, d)) : [];
    } else {
      const y = sy + k * rule.interval;
      periodStart = dateOf(y, 1, 1);
      dates = [...(rule.byMonth ?? [sm])].sort((a, b) => a - b).flatMap((m) => picked(y, m, sd).map((d) => dateOf(y, m, d)));
    }
    if (periodStart >= until) return out;
    for (const date of dates) {
      if (date <= start) continue;
      if (date >= until || (untilDate !== undefined && date > untilDate)) return out;
      if (rule.count !== undefined && emitted >= rule.count) return out;
      emitted += 1;
      out.push(date);
    }
  }
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const dayIn = (from: string, to: string) => fc.integer({ min: dayNumber(from), max: dayNumber(to) }).map(isoOfDayNumber);

/** RRULE texts of every shape the reader expands (and some it does not, which are skipped). */
const ruleText = fc
  .record(
    {
      freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
      interval: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 5, max: 40 })),
      end: fc.oneof(
        fc.constant(''),
        fc.integer({ min: 1, max: 3_000 }).map((n) => `COUNT=${n}`),
        dayIn('2020-01-01', '2032-12-31').map((d) => `UNTIL=${d.replace(/-/g, '')}`),
      ),
      byDay: fc.uniqueArray(fc.tuple(fc.constantFrom(0, 0, 0, 1, 2, 3, 4, 5, -1, -2, -5), fc.integer({ min: 0, max: 6 })), {
        minLength: 1,
        maxLength: 4,
        selector: ([, w]) => w,
      }),
      byMonthDay: fc.uniqueArray(fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: -31, max: -1 })), {
        minLength: 1,
        maxLength: 4,
      }),
      byMonth: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }),
      wkst: fc.integer({ min: 0, max: 6 }),
    },
    { requiredKeys: ['freq', 'interval', 'end'] },
  )
  .map((r) =>
    [
      `FREQ=${r.freq}`,
      r.interval > 1 ? `INTERVAL=${r.interval}` : '',
      r.end,
      r.byDay ? `BYDAY=${r.byDay.map(([n, w]) => `${n === 0 ? '' : n}${WEEKDAYS[w]}`).join(',')}` : '',
      r.byMonthDay ? `BYMONTHDAY=${r.byMonthDay.join(',')}` : '',
      r.byMonth ? `BYMONTH=${r.byMonth.join(',')}` : '',
      r.wkst !== undefined ? `WKST=${WEEKDAYS[r.wkst]}` : '',
    ]
      .filter(Boolean)
      .join(';'),
  );

const readUntil = (text: string) => ({ kind: 'date' as const, date: `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}` });

function expandInWindow(rule: RecurrenceRule, start: string, from: string, until: string, budget = new WorkBudget(1_000_000)) {
  const untilDay = rule.until?.kind === 'date' ? dayNumber(rule.until.date) : undefined;
  const isAfterUntil = (day: number) => untilDay !== undefined && day > untilDay;
  const days = [...occurrenceDays(rule, dayNumber(start), { from: dayNumber(from), until: dayNumber(until) }, isAfterUntil, budget)];
  return days.flatMap((day) => (day === PAUSE ? [] : [isoOfDayNumber(day)]));
}

describe('repeating events: the window found by arithmetic is the naive expansion cut to the window', () => {
  it('for any supported rule, start and window', () => {
    fc.assert(
      fc.property(
        ruleText,
        dayIn('1990-01-01', '2030-12-31'),
        dayIn('2018-01-01', '2032-12-31'),
        fc.integer({ min: 1, max: 800 }),
        (text, start, from, length) => {
          const rule = parseRule(text, readUntil);
          fc.pre(rule !== 'unsupported');
          const until = isoOfDayNumber(dayNumber(from) + length);
          const expected = naiveDates(rule, start, until).filter((d) => d >= from);
          expect(expandInWindow(rule, start, from, until)).toEqual(expected);
        },
      ),
      { numRuns: Number(process.env.RECURRENCE_RUNS ?? 300) },
    );
  });

  it('for rules with a COUNT that runs out inside the window, counted from years before it', () => {
    // The window opens on the day the Nth occurrence falls, so COUNT = N - 1, N and N + 1 must end just
    // before it, on its first day, and one occurrence later.
    fc.assert(
      fc.property(ruleText, dayIn('1995-01-01', '2022-12-31'), fc.integer({ min: 1, max: 200 }), (text, start, n) => {
        const parsed = parseRule(text.replace(/;?(COUNT|UNTIL)=[^;]*/, ''), readUntil);
        fc.pre(parsed !== 'unsupported');
        const all = naiveDates(parsed, start, '2031-01-01');
        fc.pre(all.length > n + 2);
        const from = all[n]!;
        for (const count of [n, n + 1, n + 2, n + 3]) {
          const rule = { ...parsed, count };
          const expected = naiveDates(rule, start, '2031-01-01').filter((d) => d >= from);
          expect(expandInWindow(rule, start, from, '2031-01-01')).toEqual(expected);
        }
      }),
      { numRuns: Number(process.env.RECURRENCE_RUNS ?? 80) },
    );
  });

  it('for DAILY and WEEKLY rules, whose occurrences before the window are counted by arithmetic alone', () => {
    const simple = fc
      .record({
        freq: fc.constantFrom('DAILY', 'WEEKLY'),
        interval: fc.integer({ min: 1, max: 16 }),
        count: fc.integer({ min: 1, max: 6_000 }),
        byDay: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 6 }), { nil: undefined }),
        wkst: fc.integer({ min: 0, max: 6 }),
      })
      .map(
        (r) =>
          `FREQ=${r.freq};INTERVAL=${r.interval};COUNT=${r.count};WKST=${WEEKDAYS[r.wkst]}` +
          (r.byDay ? `;BYDAY=${r.byDay.map((w) => WEEKDAYS[w]).join(',')}` : ''),
      );
    fc.assert(
      fc.property(simple, dayIn('1995-01-01', '2026-12-31'), dayIn('2020-01-01', '2030-06-30'), (text, start, from) => {
        const rule = parseRule(text, readUntil) as RecurrenceRule;
        const budget = new WorkBudget(1_000_000);
        const expected = naiveDates(rule, start, '2031-01-01').filter((d) => d >= from);
        expect(expandInWindow(rule, start, from, '2031-01-01', budget)).toEqual(expected);
        // One step for the count, and no more than the window's days and months.
        expect(budget.used).toBeLessThanOrEqual(1 + expected.length + (dayNumber('2031-01-01') - dayNumber(from)) / 28 + 1);
      }),
      { numRuns: Number(process.env.RECURRENCE_RUNS ?? 150) },
    );
  });

  it('costs its window, not the years since it began: a daily rule from 1900 walks no period before the window', () => {
    const rule = parseRule('FREQ=DAILY', readUntil) as RecurrenceRule;
    const budget = new WorkBudget(1_000_000);
    const days = expandInWindow(rule, '1900-01-01', '2026-06-29', '2028-01-02', budget);
    expect(days.length).toBe(dayNumber('2028-01-02') - dayNumber('2026-06-29'));
    expect(days[0]).toBe('2026-06-29');
    // One step per day produced and one per month visited: 552 days in 20 months.
    expect(budget.used).toBe(552 + 20);
    // A COUNT is counted by arithmetic: the 46,000th day of 1900's rule is in 2025, the 47,000th in 2028.
    const counted = new WorkBudget(1_000_000);
    expect(expandInWindow({ ...rule, count: 46_000 }, '1900-01-01', '2026-06-29', '2028-01-02', counted)).toEqual([]);
    expect(expandInWindow({ ...rule, count: 46_300 }, '1900-01-01', '2026-06-29', '2028-01-02', counted).at(-1)).toBe(
      isoOfDayNumber(dayNumber('1900-01-01') + 46_299),
    );
    // Each count is one step; then the 100 days from 29 June to 6 October 2026 and their five months.
    expect(counted.used).toBe(1 + 1 + 100 + 5);
  });

  it('walks at most a month per step to count a rule it cannot count by arithmetic, and stops at its budget', () => {
    // Every 29 February since year 4: 491 of them up to 2024, the 492nd in 2028. The walk goes by
    // the Februaries only, one step a year.
    const leap = parseRule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=600', readUntil) as RecurrenceRule;
    const budget = new WorkBudget(10_000);
    expect(expandInWindow(leap, '0004-02-29', '2026-06-29', '2036-01-01', budget)).toEqual(['2028-02-29', '2032-02-29']);
    expect(budget.used).toBeLessThan(2_100);
    // The 2,023 Februaries from the year 4 to 2026 are walked in pieces: a PAUSE every 256 months.
    const walk = [
      ...occurrenceDays(
        leap,
        dayNumber('0004-02-29'),
        { from: dayNumber('2026-06-29'), until: dayNumber('2036-01-01') },
        () => false,
        new WorkBudget(10_000),
      ),
    ];
    expect(walk.filter((day) => day === PAUSE)).toHaveLength(7);
    expect(expandInWindow({ ...leap, count: 492 }, '0004-02-29', '2026-06-29', '2036-01-01')).toEqual(['2028-02-29']);
    expect(expandInWindow({ ...leap, count: 491 }, '0004-02-29', '2026-06-29', '2036-01-01')).toEqual([]);
    const daily = parseRule('FREQ=DAILY;BYMONTHDAY=13;BYDAY=FR;COUNT=100000', readUntil) as RecurrenceRule;
    expect(() => expandInWindow(daily, '0001-01-01', '2026-06-29', '2028-01-02', new WorkBudget(5_000))).toThrow('more than 5000 steps');
  });
});

describe('calendar arithmetic on day numbers', () => {
  it('agrees with Date for every day from 1970 to 2100, and reads years 0001-0099 as written', () => {
    for (let n = 0; n < dayNumber('2100-01-01'); n += 1) {
      const iso = new Date(n * 86_400_000).toISOString().slice(0, 10);
      if (isoOfDayNumber(n) !== iso || dayNumber(iso) !== n) throw new Error(`day ${n}: ${isoOfDayNumber(n)} is not ${iso}`);
    }
    fc.assert(
      fc.property(fc.integer({ min: dayNumberOf(1, 1, 1), max: dayNumberOf(9999, 12, 31) }), (n) => {
        const [y, m, d] = dateOfDayNumber(n);
        expect(dayNumberOf(y, m, d)).toBe(n);
        expect(Date.parse(`${isoOfDayNumber(n)}T00:00:00Z`)).toBe(n * 86_400_000);
      }),
    );
    expect(isoOfDayNumber(dayNumberOf(50, 7, 10))).toBe('0050-07-10');
    expect(monthsAfter('2026-07-01', 18)).toBe('2028-01-01');
    expect(monthsAfter('2026-08-31', 18)).toBe('2028-02-29');
    expect(monthsAfter('2027-08-31', 18)).toBe('2029-02-28');
  });
});
