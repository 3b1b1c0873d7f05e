import type { IsoDate } from '@toolshed/core';
import { CalendarFormatError } from './ical-lines.ts';
import { readComponents } from './ical-components.ts';
import { dayMarks, readEvent } from './ical-event-days.ts';
import { expand, PAUSE_EVERY } from './ical-occurrences.ts';
import { readWhen, type When } from './ical-when.ts';
import { WorkBudget, WorkBudgetExceeded } from './work-budget.ts';
import { createZoneResolver } from './zone-resolver.ts';

export { CalendarFormatError } from './ical-lines.ts';

/**
 * Reads another calendar's iCalendar text (RFC 5545) into busy London days. Written here rather than
 * taken from a library: only VEVENT dates are needed, and every problem must name its line. Content
 * lines: ical-lines.ts; values: ical-when.ts; repeats: ical-occurrences.ts.
 *
 * - Lines may end in CRLF, a bare LF or a bare CR, mixed in one file; folded lines are unfolded, and
 *   an error names the line where the content line began.
 * - DTSTART/DTEND as DATE (all-day; DTEND exclusive) or DATE-TIME: UTC (`Z`), floating (London time),
 *   or with a TZID: the calendar's own VTIMEZONE, an IANA name, a Windows name or an Outlook display
 *   name (zone-resolver.ts). A TZID none of these reads is listed in `unknownZones`, and its times,
 *   read as London's, block the day before and after too. DURATION is used when DTEND is missing.
 *   Years are read as written, 0001-0099 included.
 * - A timed event blocks every London day it touches; one ending exactly at midnight does not block
 *   the day after.
 * - Skipped: STATUS:CANCELLED, TRANSP:TRANSPARENT (free time), and events whose UID ends with the
 *   domain of our own feed (`@toolshed`), so an owner's Toolshed bookings are not imported back.
 * - Repeating events are expanded inside the window only, however long ago they began (recurrence.ts:
 *   RRULE with FREQ DAILY, WEEKLY, MONTHLY, YEARLY, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY,
 *   BYMONTH, WKST; RDATE dates and date-times). EXDATE removes occurrences; an event with a
 *   RECURRENCE-ID replaces the occurrence it names (a cancelled one removes it). A rule with other
 *   parts blocks its first occurrence and its RDATEs only, counted in `repeatingIgnored`. Each
 *   occurrence keeps the first one's time of day in its own zone, so a weekly 09:00 meeting stays at
 *   09:00 across the clock change.
 * - The work is bounded: every occurrence of a rule in the window, every month walked to count the
 *   occurrences a COUNT had before it, and every RDATE and EXDATE value is a step of a budget of
 *   MAX_READ_STEPS for the whole calendar; a calendar that needs more is refused with a message.
 *   readBusyDaysInSlices also bounds the time: it works in slices of a few milliseconds, letting the
 *   server answer between them, and refuses a calendar whose slices add up to more than a limit.
 */
export interface BusyRange {
  startDate: IsoDate;
  /** Inclusive, as rentals count it. */
  endDate: IsoDate;
}

interface ReadCalendar {
  busy: BusyRange[];
  repeatingIgnored: number;
  /** TZIDs that could not be resolved, in the order met. */
  unknownZones: string[];
}

export interface ReadOptions {
  /** The first day kept. */
  today: IsoDate;
  /** The first day not kept. */
  until: IsoDate;
  /** The steps the whole calendar may take (default: a budget of MAX_READ_STEPS); `used` tells what it took. */
  budget?: WorkBudget;
}

/** Steps one calendar may take: 100,000 occurrences is 180 events repeating every day for 18 months. */
export const MAX_READ_STEPS = 100_000;

/**
 * Busy London day ranges of the calendar's events that end on `today` or later and start before
 * `until`, as a generator that yields at points where the work may pause. Throws CalendarFormatError
 * with a message for the owner when the text is not a calendar.
 */
function* reading(text: string, options: ReadOptions, budget: WorkBudget): Generator<void, ReadCalendar> {
  const marks = dayMarks(options.today, options.until);
  let repeatingIgnored = 0;
  const { events, definitions } = yield* readComponents(text);

  const zones = createZoneResolver(definitions, budget);
  // Occurrences replaced by an event of their own (RECURRENCE-ID), by UID.
  const replaced = new Map<string, When[]>();
  for (const e of events) {
    const id = e.props.get('RECURRENCE-ID');
    if (!id) continue;
    const uid = e.props.get('UID')?.value.trim() ?? '';
    const ids = replaced.get(uid);
    if (ids) ids.push(readWhen(id, zones));
    else replaced.set(uid, [readWhen(id, zones)]);
  }
  for (const [index, e] of events.entries()) {
    if (index % PAUSE_EVERY === 0) yield;
    const read = readEvent(e, zones);
    if (read === 'skipped') continue;
    const repeating = !e.props.has('RECURRENCE-ID') && (e.props.has('RRULE') || e.repeats.some((r) => r.name === 'RDATE'));
    if (!repeating) {
      marks.add(read.first);
      continue;
    }
    const expanded = yield* expand(e, read, replaced.get(e.props.get('UID')?.value.trim() ?? '') ?? [], options, budget, marks.add, zones);
    if (!expanded.complete) repeatingIgnored += 1;
  }
  return { busy: marks.ranges(), repeatingIgnored, unknownZones: [...zones.unknown] };
}

const budgetMessage = (budget: WorkBudget) =>
  `The calendar has too many repeating events to read (more than ${budget.limit.toLocaleString('en-GB')} occurrences)`;

/** One step of the reading; a budget used up becomes the owner's message. */
function step(steps: Generator<void, ReadCalendar>, budget: WorkBudget): IteratorResult<void, ReadCalendar> {
  try {
    return steps.next();
  } catch (err) {
    if (err instanceof WorkBudgetExceeded) throw new CalendarFormatError(budgetMessage(budget));
    throw err;
  }
}

/**
 * Busy London day ranges of the calendar's events that end on `today` or later and start before
 * `until`, read at once. Throws CalendarFormatError with a message for the owner when the text is
 * not a calendar or needs more than its budget.
 */
export function readBusyDays(text: string, options: ReadOptions): ReadCalendar {
  const budget = options.budget ?? new WorkBudget(MAX_READ_STEPS);
  const steps = reading(text, options, budget);
  for (;;) {
    const next = step(steps, budget);
    if (next.done) return next.value;
  }
}

export interface SliceOptions {
  /** How long the reading runs before it lets other work in (default 8 ms). */
  sliceMs?: number;
  /** The reading's own time, summed over its slices, after which the calendar is refused (default 5 s). */
  timeLimitMs?: number;
  /** Milliseconds, for the slices (default performance.now). */
  clock?: () => number;
}

/**
 * readBusyDays for the server: the same reading in slices of `sliceMs`, with a pause between them
 * (setImmediate) in which requests and other jobs run, so no calendar holds the server for longer
 * than a slice; and refused once its slices have taken `timeLimitMs` together.
 */
export async function readBusyDaysInSlices(
  text: string,
  options: ReadOptions,
  { sliceMs = 8, timeLimitMs = 5_000, clock = () => performance.now() }: SliceOptions = {},
): Promise<ReadCalendar> {
  const budget = options.budget ?? new WorkBudget(MAX_READ_STEPS);
  const steps = reading(text, options, budget);
  let spent = 0;
  for (;;) {
    const sliceStart = clock();
    let next: IteratorResult<void, ReadCalendar>;
    do next = step(steps, budget);
    while (!next.done && clock() - sliceStart < sliceMs);
    if (next.done) return next.value;
    spent += clock() - sliceStart;
    if (spent > timeLimitMs) {
      steps.return(undefined as never);
      throw new CalendarFormatError(`The calendar took longer than ${timeLimitMs / 1000} s to read`);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
