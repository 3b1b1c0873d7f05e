import type { ZoneClock } from '@toolshed/core';
import type { ContentLine } from './ical-lines.ts';
import { dayNumberOf, monthLength } from './day-numbers.ts';
import { occurrenceDays, PAUSE } from './recurrence.ts';
import { parseRule, type RecurrenceRule } from './recurrence-rule.ts';
import type { WorkBudget } from './work-budget.ts';

/**
 * A calendar's own time zone definition (VTIMEZONE, RFC 5545 section 3.6.5) as a clock: each
 * STANDARD or DAYLIGHT sub-block is an observance that starts at its DTSTART (a local time, in the
 * offset before it, TZOFFSETFROM), again at each RRULE occurrence and RDATE, and from then on the
 * zone is TZOFFSETTO ahead of UTC. The offset at an instant is that of the latest onset at or before it.
 */
export interface Observance {
  props: Map<string, ContentLine>;
  rdates: ContentLine[];
}

export interface ZoneDefinition {
  tzid: string;
  observances: Observance[];
}

const DAY_MS = 86_400_000;
const YEAR_DAYS = 366;
const LOCAL = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/;
const UNTIL = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/;
const OFFSET = /^([+-])(\d{2})(\d{2})(\d{2})?$/;

/** A local DATE-TIME as ms of wall-clock time (as if UTC), or undefined when it is not one. */
function localWall(value: string): number | undefined {
  const m = LOCAL.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d, hh, mm, ss] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > monthLength(y, mo) || hh > 23 || mm > 59 || ss > 59) return undefined;
  return dayNumberOf(y, mo, d) * DAY_MS + ((hh * 60 + mm) * 60 + ss) * 1000;
}

function offset(value: string | undefined): number | undefined {
  const m = value === undefined ? null : OFFSET.exec(value.trim());
  if (!m) return undefined;
  const ms = ((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4] ?? 0)) * 1000;
  return ms > 18 * 3_600_000 ? undefined : m[1] === '-' ? -ms : ms;
}

/** An observance read: its first onset, the offsets around it, and its rule (if it repeats). */
interface Onsets {
  startWall: number;
  from: number;
  to: number;
  /** Onsets as UTC instants that do not come from the rule: DTSTART and RDATEs. */
  fixed: number[];
  rule: RecurrenceRule | undefined;
}

function readObservance(o: Observance): Onsets | undefined {
  const startWall = localWall(o.props.get('DTSTART')?.value ?? '');
  const from = offset(o.props.get('TZOFFSETFROM')?.value);
  const to = offset(o.props.get('TZOFFSETTO')?.value);
  if (startWall === undefined || from === undefined || to === undefined) return undefined;
  const fixed = [startWall - from];
  for (const line of o.rdates) {
    for (const value of line.value.split(',')) {
      const wall = localWall(value);
      if (wall === undefined) return undefined;
      fixed.push(wall - from);
    }
  }
  const ruleLine = o.props.get('RRULE');
  let rule: RecurrenceRule | undefined;
  if (ruleLine) {
    try {
      const parsed = parseRule(ruleLine.value, (text) => {
        const m = UNTIL.exec(text.trim());
        if (!m) throw new Error(text);
        const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
        const at = dayNumberOf(y, mo, d) * DAY_MS + ((Number(m[4] ?? 23) * 60 + Number(m[5] ?? 59)) * 60 + Number(m[6] ?? 59)) * 1000;
        return { kind: 'instant', at };
      });
      if (parsed === 'unsupported') return undefined;
      rule = parsed;
    } catch {
      return undefined;
    }
  }
  return { startWall, from, to, fixed, rule };
}

/**
 * The clock of a VTIMEZONE, or null when one of its observances cannot be read (the TZID is then
 * resolved by its name, as if there were no definition). Rule onsets are worked out per UTC year, for
 * that year and the one before, and kept; each occurrence is a step of the calendar's `budget`.
 */
export function vtimezoneClock(definition: ZoneDefinition, budget: WorkBudget): ZoneClock | null {
  const observances: Onsets[] = [];
  for (const o of definition.observances) {
    const read = readObservance(o);
    if (!read) return null;
    observances.push(read);
  }
  if (observances.length === 0) return null;
  const first = observances.reduce((a, b) => (a.fixed[0]! <= b.fixed[0]! ? a : b));

  /** Onsets of an observance's rule between two days (days of its local wall clock), as UTC instants. */
  function ruleOnsets(o: Onsets, from: number, until: number): number[] {
    if (!o.rule) return [];
    const rule = o.rule;
    const startDay = Math.floor(o.startWall / DAY_MS);
    const timeOfDay = o.startWall - startDay * DAY_MS;
    const onsetOf = (day: number) => day * DAY_MS + timeOfDay - o.from;
    const isAfterUntil = (day: number) => rule.until?.kind === 'instant' && onsetOf(day) > rule.until.at;
    const out: number[] = [];
    for (const day of occurrenceDays(rule, startDay, { from, until }, isAfterUntil, budget)) {
      if (day !== PAUSE) out.push(onsetOf(day));
    }
    return out;
  }

  const years = new Map<number, Array<{ at: number; to: number }>>();
  /** Every onset that can be the latest before an instant of the UTC year starting on `yearDay`. */
  function onsetsAround(yearDay: number): Array<{ at: number; to: number }> {
    let list = years.get(yearDay);
    if (list) return list;
    list = [];
    const from = yearDay - YEAR_DAYS;
    const until = yearDay + YEAR_DAYS + 1;
    for (const o of observances) {
      for (const at of o.fixed) list.push({ at, to: o.to });
      const near = ruleOnsets(o, from, until);
      for (const at of near) list.push({ at, to: o.to });
      // A rule that ended before this window: its last onset may still be the latest one.
      if (near.length === 0 && o.rule && Math.floor(o.startWall / DAY_MS) < from) {
        const last = ruleOnsets(o, Math.floor(o.startWall / DAY_MS), from).at(-1);
        if (last !== undefined) list.push({ at: last, to: o.to });
      }
    }
    list.sort((a, b) => a.at - b.at);
    if (years.size > 200) years.clear();
    years.set(yearDay, list);
    return list;
  }

  return {
    offsetMs(instant: number): number {
      const day = Math.floor(instant / DAY_MS);
      // Years are approximated by 366-day blocks: the window around each covers a year either side.
      const yearDay = Math.floor(day / YEAR_DAYS) * YEAR_DAYS;
      let found: number | undefined;
      for (const onset of onsetsAround(yearDay)) {
        if (onset.at > instant) break;
        found = onset.to;
      }
      return found ?? first.from;
    },
  };
}
