import type { IsoDate } from '@toolshed/core';
import {
  dayNumber,
  dayNumberOf,
  isoOfDayNumber,
  monthLength,
  occurrenceDays,
  parseRule,
  PAUSE,
  RuleError,
  WorkBudget,
  WorkBudgetExceeded,
  type RecurrenceRule,
} from './recurrence.ts';

/**
 * Reads another calendar's iCalendar text (RFC 5545) into busy London days. Written here rather than
 * taken from a library: only VEVENT dates are needed, and every problem must name its line.
 *
 * - Lines may end in CRLF, a bare LF or a bare CR, mixed in one file; folded lines (a continuation
 *   starts with a space or tab) are unfolded first, and an error names the line where the content
 *   line began.
 * - DTSTART/DTEND as DATE (all-day; DTEND exclusive) or DATE-TIME: UTC (`Z`), with a TZID that is an
 *   IANA zone name (`Europe/Paris`), or floating. A TZID that is not an IANA name (a calendar's own
 *   VTIMEZONE, a Windows zone name) is read as London time. DURATION is used when DTEND is missing.
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

export class CalendarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendarFormatError';
  }
}

/** The UID domain of the events in our own feed (modules/account/calendar-feed.ts). */
const OWN_FEED_UID_SUFFIX = '@toolshed';

interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
  line: number;
}

// name *(";" param) ":" value; a parameter value may be quoted (and then hold ; : ,).
const NAME = /^[A-Za-z0-9-]+/;
const PARAM = /^;([A-Za-z0-9-]+)=((?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)/;

function parseContentLine(text: string, line: number): ContentLine {
  const invalid = () => new CalendarFormatError(`Line ${line} is not valid iCalendar`);
  const name = NAME.exec(text)?.[0];
  if (!name) throw invalid();
  let rest = text.slice(name.length);
  const params: Record<string, string> = {};
  while (rest.startsWith(';')) {
    const m = PARAM.exec(rest);
    if (!m) throw invalid();
    params[m[1]!.toUpperCase()] = m[2]!.replace(/^"|"$/g, '');
    rest = rest.slice(m[0].length);
  }
  if (!rest.startsWith(':')) throw invalid();
  return { name: name.toUpperCase(), params, value: rest.slice(1), line };
}

/** Any line ending: CRLF, LF, or a CR alone (old Mac files, and some exports mix them). */
const LINE_BREAK = /\r\n|\r|\n/g;

/** The physical lines of a text, one at a time (a 2 MB text is not split at once: the reading may pause between lines). */
function* physicalLines(text: string): Generator<string> {
  const breaks = new RegExp(LINE_BREAK);
  let from = 0;
  for (let m = breaks.exec(text); m; m = breaks.exec(text)) {
    yield text.slice(from, m.index);
    from = m.index + m[0].length;
  }
  yield text.slice(from);
}

function* contentLines(text: string): Generator<ContentLine> {
  let current: { text: string; line: number } | undefined;
  let index = 0;
  for (const physical of physicalLines(text.replace(/^\uFEFF/, ''))) {
    index += 1;
    if (physical.startsWith(' ') || physical.startsWith('\t')) {
      if (!current) throw new CalendarFormatError(`Line ${index} is not valid iCalendar`);
      current.text += physical.slice(1);
      continue;
    }
    if (current) yield parseContentLine(current.text, current.line);
    current = physical.trim() === '' ? undefined : { text: physical, line: index };
  }
  if (current) yield parseContentLine(current.text, current.line);
}

const DAY_MS = 86_400_000;

// Time zones: an Intl formatter per zone (an unknown zone is remembered too, not tried again per
// occurrence), and per zone and UTC day its offset at the day's start and, on a day it changes, the
// instant of the change (found once, to the second). A zone changes its offset at most once a day, so
// an offset is two look-ups: a daily event does not format a date per occurrence.
const zoneFormat = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
const london = zoneFormat('Europe/London');
const formatters = new Map<string, Intl.DateTimeFormat | null>([['Europe/London', london]]);
/** More names than there are zones: the rest are a calendar's own, and not kept for ever. */
const MAX_ZONE_NAMES = 2_000;
function zoneFormatter(zone: string): Intl.DateTimeFormat | null {
  let format = formatters.get(zone);
  if (format === undefined) {
    if (formatters.size >= MAX_ZONE_NAMES) {
      formatters.clear();
      formatters.set('Europe/London', london);
    }
    try {
      format = zoneFormat(zone);
    } catch {
      format = null;
    }
    formatters.set(zone, format);
  }
  return format;
}

/** Milliseconds `format`'s zone is ahead of UTC at an instant, as Intl says. */
function formattedOffset(format: Intl.DateTimeFormat, instant: number): number {
  const p = Object.fromEntries(format.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Before 1800 every zone keeps its local mean time: earlier instants use 1800's offset (and four-digit years). */
const EARLIEST_OFFSET = Date.UTC(1800, 0, 1);
/** Past this many days remembered (for all zones together) the caches start again. */
const MAX_CACHED_DAYS = 100_000;

interface ZoneDays {
  /** The offset at 00:00 UTC of each day. */
  startOffsets: Map<number, number>;
  /** On a day whose offset changes, the first instant of the new offset. */
  changes: Map<number, number>;
}
const zoneDays = new Map<Intl.DateTimeFormat, ZoneDays>();
let cachedDays = 0;

function daysOf(format: Intl.DateTimeFormat): ZoneDays {
  let days = zoneDays.get(format);
  if (!days) zoneDays.set(format, (days = { startOffsets: new Map(), changes: new Map() }));
  return days;
}

function remember(map: Map<number, number>, day: number, value: number): number {
  if (cachedDays >= MAX_CACHED_DAYS) {
    for (const days of zoneDays.values()) {
      days.startOffsets.clear();
      days.changes.clear();
    }
    cachedDays = 0;
  }
  map.set(day, value);
  cachedDays += 1;
  return value;
}

const startOffset = (format: Intl.DateTimeFormat, days: ZoneDays, day: number): number =>
  days.startOffsets.get(day) ?? remember(days.startOffsets, day, formattedOffset(format, day * DAY_MS));

/** Milliseconds `format`'s zone is ahead of UTC at an instant. */
function offsetMs(format: Intl.DateTimeFormat, instant: number): number {
  const at = Math.max(instant, EARLIEST_OFFSET);
  const day = Math.floor(at / DAY_MS);
  const days = daysOf(format);
  const before = startOffset(format, days, day);
  const after = startOffset(format, days, day + 1);
  if (before === after) return before;
  let change = days.changes.get(day);
  if (change === undefined) {
    // The first second of the day with the new offset, by halving the day (17 formattings, once).
    let lo = day * DAY_MS;
    let hi = lo + DAY_MS;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (formattedOffset(format, mid) === before) lo = mid;
      else hi = mid;
    }
    change = remember(days.changes, day, hi);
  }
  return at < change ? before : after;
}

/** The instant a wall-clock time (given as if UTC) shows in `zone` (London when the zone is unknown). */
function wallToInstant(wall: number, zone: string | undefined): number {
  const format = (zone && zoneFormatter(zone)) || london;
  const first = wall - offsetMs(format, wall);
  const second = wall - offsetMs(format, first);
  return Math.max(first, second);
}

// Days are day numbers (recurrence.ts) until the busy ranges are handed back: core's dates are
// checked with Date, which reads years 0-99 as 1900-1999, and strings cost more per occurrence.
/** The day of a wall-clock time given as if UTC. */
const wallDay = (wall: number): number => Math.floor(wall / DAY_MS);
/** The London day at an instant. */
const londonDay = (instant: number): number => wallDay(instant + offsetMs(london, instant));

/** Days, both inclusive. */
interface DayRange {
  start: number;
  end: number;
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;

/**
 * A DTSTART-like value: a date, or an instant with the wall-clock time it was written in (as if UTC)
 * and its zone ('UTC' for a `Z` time; undefined for a floating time, read as London's).
 */
type When = { kind: 'date'; date: IsoDate; day: number } | { kind: 'instant'; at: number; wall: number; zone: string | undefined };

/** The day a When is on, in its own zone. */
const dayOf = (w: When): number => (w.kind === 'date' ? w.day : wallDay(w.wall));

const validDate = (y: number, m: number, d: number): boolean => m >= 1 && m <= 12 && d >= 1 && d <= monthLength(y, m);

function readWhen(prop: ContentLine): When {
  const value = prop.value.trim();
  const date = DATE.exec(value);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (!validDate(y, m, d)) throw badDate(prop);
    return { kind: 'date', date: `${date[1]}-${date[2]}-${date[3]}`, day: dayNumberOf(y, m, d) };
  }
  const dt = DATE_TIME.exec(value);
  if (!dt || prop.params.VALUE === 'DATE') throw badDate(prop);
  const [y, m, d, hh, mm, ss] = [Number(dt[1]), Number(dt[2]), Number(dt[3]), Number(dt[4]), Number(dt[5]), Number(dt[6])];
  if (!validDate(y, m, d) || hh > 23 || mm > 59 || ss > 60) throw badDate(prop);
  const wall = dayNumberOf(y, m, d) * DAY_MS + ((hh * 60 + mm) * 60 + Math.min(ss, 59)) * 1000;
  const zone = dt[7] === 'Z' ? 'UTC' : prop.params.TZID;
  return { kind: 'instant', at: zone === 'UTC' ? wall : wallToInstant(wall, zone), wall, zone };
}

const badDate = (prop: ContentLine) => new CalendarFormatError(`Line ${prop.line}: ${prop.name} is not a valid date`);

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

function readDuration(prop: ContentLine): { days: number; ms: number } {
  const m = DURATION.exec(prop.value.trim());
  if (!m || prop.value.trim() === 'P' || m[1] === '-') throw new CalendarFormatError(`Line ${prop.line}: DURATION is not a valid duration`);
  const n = (i: number) => Number(m[i] ?? 0);
  return { days: n(2) * 7 + n(3), ms: ((n(4) * 60 + n(5)) * 60 + n(6)) * 1000 };
}

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
  if (end) to = end.kind === 'instant' ? end.at : wallToInstant(end.day * DAY_MS, 'Europe/London');
  else if (duration) to = from + duration.days * DAY_MS + duration.ms;
  if (to < from) throw new CalendarFormatError(`Line ${startLine}: the event ends before it starts`);
  // The end instant is exclusive: an event until midnight ends on the day before.
  const last = to > from ? londonDay(to - 1) : londonDay(from);
  return { start: londonDay(from), end: last };
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

/** How often the reading pauses so that readBusyDaysInSlices may let the server answer: every so many lines or steps. */
const PAUSE_EVERY = 256;

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
      continue;
    }
    if (stack.length === 0) throw new CalendarFormatError(`Line ${prop.line}: ${prop.name} is outside BEGIN:VCALENDAR`);
    // Only the event's own properties, not those of an alarm inside it. EXDATE and RDATE may repeat.
    if (event && stack.length === 2) {
      if (prop.name === 'EXDATE' || prop.name === 'RDATE') repeats.push(prop);
      else if (!event.has(prop.name)) event.set(prop.name, prop);
    }
  }
  if (!sawCalendar) throw new CalendarFormatError('The address did not answer with an iCalendar file (it is empty)');
  const open = stack.at(-1);
  if (open) throw new CalendarFormatError(`The calendar ends without END:${open.name} for line ${open.line}`);

  // Occurrences replaced by an event of their own (RECURRENCE-ID), by UID.
  const replaced = new Map<string, When[]>();
  for (const e of events) {
    const id = e.props.get('RECURRENCE-ID');
    if (!id) continue;
    const uid = e.props.get('UID')?.value.trim() ?? '';
    const ids = replaced.get(uid);
    if (ids) ids.push(readWhen(id));
    else replaced.set(uid, [readWhen(id)]);
  }
  for (const [index, e] of events.entries()) {
    if (index % PAUSE_EVERY === 0) yield;
    const read = readEvent(e);
    if (read === 'skipped') continue;
    const repeating = !e.props.has('RECURRENCE-ID') && (e.props.has('RRULE') || e.repeats.some((r) => r.name === 'RDATE'));
    if (!repeating) {
      marks.add(read.first);
      continue;
    }
    const expanded = yield* expand(e, read, replaced.get(e.props.get('UID')?.value.trim() ?? '') ?? [], options, budget, marks.add);
    if (!expanded.complete) repeatingIgnored += 1;
  }
  return { busy: marks.ranges(), repeatingIgnored };
}

interface ParsedEvent {
  props: Map<string, ContentLine>;
  /** EXDATE and RDATE lines, which may repeat. */
  repeats: ContentLine[];
  line: number;
}

/** How long an event lasts: whole days for an all-day event, milliseconds for a timed one. */
type Span = { kind: 'days'; days: number } | { kind: 'ms'; ms: number };

function readEvent(e: ParsedEvent): 'skipped' | { start: When; span: Span; first: DayRange } {
  const { props, line } = e;
  const status = props.get('STATUS')?.value.trim().toUpperCase();
  const transp = props.get('TRANSP')?.value.trim().toUpperCase();
  const uid = props.get('UID')?.value.trim().toLowerCase() ?? '';
  if (status === 'CANCELLED' || transp === 'TRANSPARENT' || uid.endsWith(OWN_FEED_UID_SUFFIX)) return 'skipped';
  const startProp = props.get('DTSTART');
  if (!startProp) throw new CalendarFormatError(`Line ${line}: the event has no DTSTART`);
  const endProp = props.get('DTEND');
  const durationProp = props.get('DURATION');
  const start = readWhen(startProp);
  const end = endProp ? readWhen(endProp) : undefined;
  const duration = durationProp ? readDuration(durationProp) : undefined;
  const first = busyDays(start, end, duration, startProp.line);
  let span: Span;
  if (start.kind === 'date') span = { kind: 'days', days: first.end - first.start + 1 };
  else {
    let to = start.at;
    if (end) to = end.kind === 'instant' ? end.at : wallToInstant(end.day * DAY_MS, 'Europe/London');
    else if (duration) to = start.at + duration.days * DAY_MS + duration.ms;
    span = { kind: 'ms', ms: Math.max(0, to - start.at) };
  }
  return { start, span, first };
}

/** The event's occurrence starting on `day` (in its own zone), as London days. */
function occurrence(start: When, span: Span, day: number): { range: DayRange; at: number | undefined } {
  if (start.kind === 'date') {
    const days = span.kind === 'days' ? span.days : 1;
    return { range: { start: day, end: day + days - 1 }, at: undefined };
  }
  const wall = day * DAY_MS + (((start.wall % DAY_MS) + DAY_MS) % DAY_MS);
  const at = start.zone === 'UTC' ? wall : wallToInstant(wall, start.zone);
  const to = at + (span.kind === 'ms' ? span.ms : 0);
  const first = londonDay(at);
  return { range: { start: first, end: to > at ? londonDay(to - 1) : first }, at };
}

/** The values of an RDATE or EXDATE line, each read as DTSTART is (PERIOD values are left out). */
function* listValues(prop: ContentLine): Generator<When> {
  for (const value of prop.value.split(',')) {
    if (value.trim() !== '' && !value.includes('/')) yield readWhen({ ...prop, value });
  }
}

/**
 * A repeating event's occurrences in the window, each handed to `keep`: DTSTART, the rule's dates
 * and RDATEs, less EXDATEs and occurrences replaced by their own event. The rule is asked only for
 * the dates whose occurrence can touch the window: from the day before `today`, less the event's own
 * length, to the day after `until` (an occurrence's own date and its London days differ by up to a
 * day). Every occurrence is a step of `budget`. `complete` is false when the rule was not expanded.
 */
function* expand(
  e: ParsedEvent,
  read: { start: When; span: Span },
  replacedIds: When[],
  window: { today: IsoDate; until: IsoDate },
  budget: WorkBudget,
  keep: (range: DayRange) => void,
): Generator<void, { complete: boolean }> {
  const { start, span } = read;
  const startDay = dayOf(start);
  const removed: When[] = [...replacedIds];
  for (const prop of e.repeats) {
    if (prop.name !== 'EXDATE') continue;
    for (const when of listValues(prop)) {
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
    let rule: RecurrenceRule | 'unsupported';
    try {
      rule = parseRule(ruleProp.value, (text) => {
        const until = readWhen({ ...ruleProp, name: 'UNTIL', params: {}, value: text });
        return until.kind === 'date' ? until : { kind: 'instant', at: until.at };
      });
    } catch (err) {
      if (err instanceof RuleError || err instanceof CalendarFormatError)
        throw new CalendarFormatError(`Line ${ruleProp.line}: RRULE is not a valid repeat rule`);
      throw err;
    }
    if (rule === 'unsupported') complete = false;
    else {
      const ruleUntil = rule.until;
      const untilDay = ruleUntil?.kind === 'date' ? dayNumber(ruleUntil.date) : undefined;
      const isAfterUntil = (day: number): boolean => {
        if (!ruleUntil) return false;
        if (ruleUntil.kind === 'date') return day > untilDay!;
        const at = occurrence(start, span, day).at ?? wallToInstant(day * DAY_MS, 'Europe/London');
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
    for (const when of listValues(prop)) {
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
