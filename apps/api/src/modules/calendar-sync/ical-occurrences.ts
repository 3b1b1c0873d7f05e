import { wallTimeToInstant, type IsoDate } from '@toolshed/core';
import { CalendarFormatError, type ContentLine } from './ical-lines.ts';
import { DAY_MS, dayOf, londonDays, londonMidnight, readWhen, wallDay, type When } from './ical-when.ts';
import { dayNumber } from './day-numbers.ts';
import { occurrenceDays, PAUSE } from './recurrence.ts';
import { parseRule, RuleError, type RecurrenceRule } from './recurrence-rule.ts';
import type { WorkBudget } from './work-budget.ts';
import type { ZoneResolver } from './zone-resolver.ts';

/** Days, both inclusive. */
export interface DayRange {
  start: number;
  end: number;
}

export interface ParsedEvent {
  props: Map<string, ContentLine>;
  /** EXDATE and RDATE lines, which may repeat. */
  repeats: ContentLine[];
  line: number;
}

/** How long an event lasts: whole days for an all-day event, milliseconds for a timed one. */
export type Span = { kind: 'days'; days: number } | { kind: 'ms'; ms: number };

/** How often the reading pauses so that readBusyDaysInSlices may let the server answer: every so many lines or steps. */
export const PAUSE_EVERY = 256;

/** The event's occurrence starting on `day` (in its own zone), as London days. */
function occurrence(start: When, span: Span, day: number): { range: DayRange; at: number | undefined } {
  if (start.kind === 'date') {
    const days = span.kind === 'days' ? span.days : 1;
    return { range: { start: day, end: day + days - 1 }, at: undefined };
  }
  const wall = day * DAY_MS + (((start.wall % DAY_MS) + DAY_MS) % DAY_MS);
  const at = wallTimeToInstant(wall, start.clock);
  return { range: londonDays(at, at + (span.kind === 'ms' ? span.ms : 0), start.uncertain), at };
}

/** The values of an RDATE or EXDATE line, each read as DTSTART is (PERIOD values are left out). */
function* listValues(prop: ContentLine, zones: ZoneResolver): Generator<When> {
  for (const value of prop.value.split(',')) {
    if (value.trim() !== '' && !value.includes('/')) yield readWhen({ ...prop, value }, zones);
  }
}

/** The event's RRULE, its UNTIL read as DTSTART is; a value that is no rule names its line. */
function readRule(ruleProp: ContentLine, zones: ZoneResolver): RecurrenceRule | 'unsupported' {
  try {
    return parseRule(ruleProp.value, (text) => {
      const until = readWhen({ ...ruleProp, name: 'UNTIL', params: {}, value: text }, zones);
      return until.kind === 'date' ? until : { kind: 'instant', at: until.at };
    });
  } catch (err) {
    if (err instanceof RuleError || err instanceof CalendarFormatError)
      throw new CalendarFormatError(`Line ${ruleProp.line}: RRULE is not a valid repeat rule`);
    throw err;
  }
}

/**
 * A repeating event's occurrences in the window, each handed to `keep`: DTSTART, the rule's dates
 * and RDATEs, less EXDATEs and occurrences replaced by their own event. The rule is asked only for
 * the dates whose occurrence can touch the window: from the day before `today`, less the event's own
 * length, to the day after `until` (an occurrence's own date and its London days differ by up to a
 * day). Every occurrence is a step of `budget`. `complete` is false when the rule was not expanded.
 */
export function* expand(
  e: ParsedEvent,
  read: { start: When; span: Span },
  replacedIds: When[],
  window: { today: IsoDate; until: IsoDate },
  budget: WorkBudget,
  keep: (range: DayRange) => void,
  zones: ZoneResolver,
): Generator<void, { complete: boolean }> {
  const { start, span } = read;
  const startDay = dayOf(start);
  const removed: When[] = [...replacedIds];
  for (const prop of e.repeats) {
    if (prop.name !== 'EXDATE') continue;
    for (const when of listValues(prop, zones)) {
      budget.spend(1);
      removed.push(when);
      if (removed.length % PAUSE_EVERY === 0) yield;
    }
  }
  // An all-day occurrence is removed by any EXDATE on its day; a timed one by its own instant or a whole day.
  const removedDays = new Set(removed.map(dayOf));
  const removedWholeDays = new Set(removed.flatMap((w) => (w.kind === 'date' ? [w.day] : [])));
  const removedInstants = new Set(removed.flatMap((w) => (w.kind === 'instant' ? [w.at] : [])));
  const isRemoved = (day: number, at: number | undefined) =>
    at === undefined ? removedDays.has(day) : removedInstants.has(at) || removedWholeDays.has(day);

  let steps = 0;
  const add = (day: number) => {
    const o = occurrence(start, span, day);
    if (!isRemoved(day, o.at)) keep(o.range);
  };
  add(startDay);

  const spanDays = span.kind === 'days' ? span.days : Math.ceil(span.ms / DAY_MS);
  const from = dayNumber(window.today) - spanDays - 1;
  const until = dayNumber(window.until) + 1;
  let complete = true;
  const ruleProp = e.props.get('RRULE');
  if (ruleProp) {
    const rule = readRule(ruleProp, zones);
    if (rule === 'unsupported') complete = false;
    else {
      const ruleUntil = rule.until;
      const untilDay = ruleUntil?.kind === 'date' ? dayNumber(ruleUntil.date) : undefined;
      const isAfterUntil = (day: number): boolean => {
        if (!ruleUntil) return false;
        if (ruleUntil.kind === 'date') return day > untilDay!;
        const at = occurrence(start, span, day).at ?? londonMidnight(day);
        return at > ruleUntil.at;
      };
      for (const day of occurrenceDays(rule, startDay, { from, until }, isAfterUntil, budget)) {
        if (day === PAUSE) yield;
        else {
          add(day);
          if (++steps % PAUSE_EVERY === 0) yield;
        }
      }
    }
  }
  for (const prop of e.repeats) {
    if (prop.name !== 'RDATE') continue;
    for (const when of listValues(prop, zones)) {
      budget.spend(1);
      if (++steps % PAUSE_EVERY === 0) yield;
      if (when.kind === 'date') {
        if (when.day < until) add(when.day);
      } else {
        // An RDATE date-time gives the occurrence its own time; the event keeps its length.
        const o = occurrence(when, span, wallDay(when.wall));
        if (o.range.start < until && !isRemoved(wallDay(when.wall), o.at)) keep(o.range);
      }
    }
  }
  return { complete };
}
