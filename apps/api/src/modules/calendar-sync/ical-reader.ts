import type { IsoDate } from '@toolshed/core';
import { CalendarFormatError, contentLines, type ContentLine } from './ical-lines.ts';
import { expand, PAUSE_EVERY, type DayRange, type ParsedEvent, type Span } from './ical-occurrences.ts';
import { DAY_MS, londonDays, londonDay, londonMidnight, readDuration, readWhen, type When } from './ical-when.ts';
import { dayNumber, isoOfDayNumber, WorkBudget, WorkBudgetExceeded } from './recurrence.ts';
import type { Observance, ZoneDefinition } from './vtimezone.ts';
import { createZoneResolver, type ZoneResolver } from './zone-resolver.ts';

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

/** The UID domain of the events in our own feed (modules/account/calendar-feed.ts). */
const OWN_FEED_UID_SUFFIX = '@toolshed';

/** The London days an event blocks. */
function busyDays(start: When, end: When | undefined, duration: { days: number; ms: number } | undefined, startLine: number): DayRange {
  if (start.kind === 'date') {
    // All-day: DTEND is the day after the last day; without one, the event is that one day.
    let last = start.day;
    if (end) last = end.kind === 'date' ? end.day - 1 : londonDay(end.at);
    else if (duration) last = start.day + Math.max(duration.days, 1) - 1;
    if (last < start.day) {
      if (end?.kind === 'date' && end.day === start.day) return { start: start.day, end: start.day };
      throw new CalendarFormatError(`Line ${startLine}: the event ends before it starts`);
    }
    return { start: start.day, end: last };
  }
  const from = start.at;
  let to = from;
  if (end) to = end.kind === 'instant' ? end.at : londonMidnight(end.day);
  else if (duration) to = from + duration.days * DAY_MS + duration.ms;
  if (to < from) throw new CalendarFormatError(`Line ${startLine}: the event ends before it starts`);
  return londonDays(from, to, start.uncertain || (end?.kind === 'instant' && end.uncertain));
}

/**
 * The busy days of the window [today, until), marked as ranges arrive (a count of ranges starting
 * and ending at each day) and read back joined: no list of every occurrence is kept or sorted.
 */
function dayMarks(today: IsoDate, until: IsoDate) {
  const first = dayNumber(today);
  const end = dayNumber(until);
  const marks = new Int32Array(Math.max(0, end - first) + 1);
  return {
    add(range: DayRange) {
      const s = Math.max(range.start, first);
      const e = Math.min(range.end, end - 1);
      if (s > e) return;
      marks[s - first]! += 1;
      marks[e - first + 1]! -= 1;
    },
    /** Sorted, with overlapping and touching ranges joined. */
    ranges(): BusyRange[] {
      const out: BusyRange[] = [];
      let open = 0;
      let startedAt = -1;
      for (let i = 0; i < marks.length; i += 1) {
        const busyBefore = open > 0;
        open += marks[i]!;
        if (open > 0 && !busyBefore) startedAt = i;
        if (open <= 0 && busyBefore) out.push({ startDate: isoOfDayNumber(first + startedAt), endDate: isoOfDayNumber(first + i - 1) });
      }
      return out;
    },
  };
}

/**
 * Busy London day ranges of the calendar's events that end on `today` or later and start before
 * `until`, as a generator that yields at points where the work may pause. Throws CalendarFormatError
 * with a message for the owner when the text is not a calendar.
 */
function* reading(text: string, options: ReadOptions, budget: WorkBudget): Generator<void, ReadCalendar> {
  const marks = dayMarks(options.today, options.until);
  let repeatingIgnored = 0;
  const stack: Array<{ name: string; line: number }> = [];
  let event: Map<string, ContentLine> | undefined;
  let repeats: ContentLine[] = [];
  let eventLine = 0;
  const events: ParsedEvent[] = [];
  let sawCalendar = false;
  // The calendar's own time zones (VTIMEZONE), by TZID, with the observance being read.
  const definitions = new Map<string, ZoneDefinition>();
  let zone: ZoneDefinition | undefined;
  let observance: Observance | undefined;
  const first = text.replace(/^\uFEFF/, '').trimStart();
  if (first !== '' && !/^BEGIN:VCALENDAR(\r\n|\r|\n|$)/i.test(first)) {
    throw new CalendarFormatError('The address did not answer with an iCalendar file (it must start with BEGIN:VCALENDAR)');
  }
  let lines = 0;
  for (const prop of contentLines(text)) {
    if (++lines % PAUSE_EVERY === 0) yield;
    if (prop.name === 'BEGIN') {
      const component = prop.value.trim().toUpperCase();
      if (!/^[A-Z0-9-]+$/.test(component)) throw new CalendarFormatError(`Line ${prop.line} is not valid iCalendar`);
      sawCalendar = true;
      stack.push({ name: component, line: prop.line });
      if (component === 'VEVENT' && stack.length === 2) {
        event = new Map();
        repeats = [];
        eventLine = prop.line;
      }
      if (component === 'VTIMEZONE' && stack.length === 2) zone = { tzid: '', observances: [] };
      if ((component === 'STANDARD' || component === 'DAYLIGHT') && zone && stack.length === 3) {
        observance = { props: new Map(), rdates: [] };
        zone.observances.push(observance);
      }
      continue;
    }
    if (prop.name === 'END') {
      const component = prop.value.trim().toUpperCase();
      const open = stack.pop();
      if (open?.name !== component)
        throw new CalendarFormatError(
          `Line ${prop.line}: END:${component} does not close ${open ? `BEGIN:${open.name} of line ${open.line}` : 'anything'}`,
        );
      if (component === 'VEVENT' && event && stack.length === 1) {
        events.push({ props: event, repeats, line: eventLine });
        event = undefined;
      }
      if (component === 'VTIMEZONE' && zone && stack.length === 1) {
        if (zone.tzid !== '' && !definitions.has(zone.tzid)) definitions.set(zone.tzid, zone);
        zone = undefined;
      }
      if (stack.length === 2) observance = undefined;
      continue;
    }
    if (stack.length === 0) throw new CalendarFormatError(`Line ${prop.line}: ${prop.name} is outside BEGIN:VCALENDAR`);
    // Only the event's own properties, not those of an alarm inside it. EXDATE and RDATE may repeat.
    if (event && stack.length === 2) {
      if (prop.name === 'EXDATE' || prop.name === 'RDATE') repeats.push(prop);
      else if (!event.has(prop.name)) event.set(prop.name, prop);
    }
    if (zone && stack.length === 2 && prop.name === 'TZID') zone.tzid = prop.value.trim();
    if (observance && stack.length === 3) {
      if (prop.name === 'RDATE') observance.rdates.push(prop);
      else if (!observance.props.has(prop.name)) observance.props.set(prop.name, prop);
    }
  }
  if (!sawCalendar) throw new CalendarFormatError('The address did not answer with an iCalendar file (it is empty)');
  const open = stack.at(-1);
  if (open) throw new CalendarFormatError(`The calendar ends without END:${open.name} for line ${open.line}`);

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

function readEvent(e: ParsedEvent, zones: ZoneResolver): 'skipped' | { start: When; span: Span; first: DayRange } {
  const { props, line } = e;
  const status = props.get('STATUS')?.value.trim().toUpperCase();
  const transp = props.get('TRANSP')?.value.trim().toUpperCase();
  const uid = props.get('UID')?.value.trim().toLowerCase() ?? '';
  if (status === 'CANCELLED' || transp === 'TRANSPARENT' || uid.endsWith(OWN_FEED_UID_SUFFIX)) return 'skipped';
  const startProp = props.get('DTSTART');
  if (!startProp) throw new CalendarFormatError(`Line ${line}: the event has no DTSTART`);
  const endProp = props.get('DTEND');
  const durationProp = props.get('DURATION');
  const start = readWhen(startProp, zones);
  const end = endProp ? readWhen(endProp, zones) : undefined;
  const duration = durationProp ? readDuration(durationProp) : undefined;
  const first = busyDays(start, end, duration, startProp.line);
  let span: Span;
  if (start.kind === 'date') span = { kind: 'days', days: first.end - first.start + 1 };
  else {
    let to = start.at;
    if (end) to = end.kind === 'instant' ? end.at : londonMidnight(end.day);
    else if (duration) to = start.at + duration.days * DAY_MS + duration.ms;
    span = { kind: 'ms', ms: Math.max(0, to - start.at) };
  }
  return { start, span, first };
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
