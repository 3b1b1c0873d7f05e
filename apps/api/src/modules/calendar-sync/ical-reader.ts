import { addDays, todayInLondon, type IsoDate } from '@toolshed/core';
import { daysBetween, occurrenceDates, parseRule, RuleError, type RecurrenceRule } from './recurrence.ts';

/**
 * Reads another calendar's iCalendar text (RFC 5545) into busy London days. Written here rather than
 * taken from a library: only VEVENT dates are needed, and every problem must name its line.
 *
 * - Lines may end in CRLF or a bare LF; folded lines (a continuation starts with a space or tab) are
 *   unfolded first, and an error names the line where the content line began.
 * - DTSTART/DTEND as DATE (all-day; DTEND exclusive) or DATE-TIME: UTC (`Z`), with a TZID that is an
 *   IANA zone name (`Europe/Paris`), or floating. A TZID that is not an IANA name (a calendar's own
 *   VTIMEZONE, a Windows zone name) is read as London time. DURATION is used when DTEND is missing.
 * - A timed event blocks every London day it touches; one ending exactly at midnight does not block
 *   the day after.
 * - Skipped: STATUS:CANCELLED, TRANSP:TRANSPARENT (free time), and events whose UID ends with the
 *   domain of our own feed (`@toolshed`), so an owner's Toolshed bookings are not imported back.
 * - Repeating events are expanded up to the window's end (recurrence.ts: RRULE with FREQ DAILY,
 *   WEEKLY, MONTHLY, YEARLY, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, WKST; RDATE dates and
 *   date-times). EXDATE removes occurrences; an event with a RECURRENCE-ID replaces the occurrence it
 *   names (a cancelled one removes it). A rule with other parts blocks its first occurrence and its
 *   RDATEs only, counted in `repeatingIgnored`. Each occurrence keeps the first one's time of day in
 *   its own zone, so a weekly 09:00 meeting stays at 09:00 across the clock change.
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

function* contentLines(text: string): Generator<ContentLine> {
  const raw = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let current: { text: string; line: number } | undefined;
  for (const [index, physical] of raw.entries()) {
    if (physical.startsWith(' ') || physical.startsWith('\t')) {
      if (!current) throw new CalendarFormatError(`Line ${index + 1} is not valid iCalendar`);
      current.text += physical.slice(1);
      continue;
    }
    if (current) yield parseContentLine(current.text, current.line);
    current = physical.trim() === '' ? undefined : { text: physical.replace(/\r$/, ''), line: index + 1 };
  }
  if (current) yield parseContentLine(current.text, current.line);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(zone: string): Intl.DateTimeFormat | undefined {
  if (!formatters.has(zone)) {
    try {
      formatters.set(
        zone,
        new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
      );
    } catch {
      return undefined;
    }
  }
  return formatters.get(zone);
}

/** Milliseconds `zone` is ahead of UTC at an instant. */
function offsetMs(format: Intl.DateTimeFormat, instant: number): number {
  const p = Object.fromEntries(format.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time (given as if UTC) shows in `zone` (London when the zone is unknown). */
function wallToInstant(wall: number, zone: string | undefined): number {
  const format = (zone && zoneFormatter(zone)) || zoneFormatter('Europe/London')!;
  const first = wall - offsetMs(format, wall);
  const second = wall - offsetMs(format, first);
  return Math.max(first, second);
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;

/**
 * A DTSTART-like value: a date, or an instant with the wall-clock time it was written in (as if UTC)
 * and its zone ('UTC' for a `Z` time; undefined for a floating time, read as London's).
 */
type When = { kind: 'date'; date: IsoDate } | { kind: 'instant'; at: number; wall: number; zone: string | undefined };

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function readWhen(prop: ContentLine): When {
  const bad = () => new CalendarFormatError(`Line ${prop.line}: ${prop.name} is not a valid date`);
  const value = prop.value.trim();
  const date = DATE.exec(value);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (!validDate(y, m, d)) throw bad();
    return { kind: 'date', date: `${date[1]}-${date[2]}-${date[3]}` };
  }
  const dt = DATE_TIME.exec(value);
  if (!dt || prop.params.VALUE === 'DATE') throw bad();
  const [y, m, d, hh, mm, ss] = [1, 2, 3, 4, 5, 6].map((i) => Number(dt[i]));
  if (!validDate(y!, m!, d!) || hh! > 23 || mm! > 59 || ss! > 60) throw bad();
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!, Math.min(ss!, 59));
  const zone = dt[7] === 'Z' ? 'UTC' : prop.params.TZID;
  return { kind: 'instant', at: zone === 'UTC' ? wall : wallToInstant(wall, zone), wall, zone };
}

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

function readDuration(prop: ContentLine): { days: number; ms: number } {
  const m = DURATION.exec(prop.value.trim());
  if (!m || prop.value.trim() === 'P' || m[1] === '-') throw new CalendarFormatError(`Line ${prop.line}: DURATION is not a valid duration`);
  const n = (i: number) => Number(m[i] ?? 0);
  return { days: n(2) * 7 + n(3), ms: ((n(4) * 60 + n(5)) * 60 + n(6)) * 1000 };
}

const londonDay = (instant: number): IsoDate => todayInLondon(new Date(instant));

/** The London days an event blocks, or undefined when it blocks none. */
function busyDays(
  start: When,
  end: When | undefined,
  duration: { days: number; ms: number } | undefined,
  startLine: number,
): BusyRange | undefined {
  if (start.kind === 'date') {
    // All-day: DTEND is the day after the last day; without one, the event is that one day.
    let last = start.date;
    if (end) {
      const endDate = end.kind === 'date' ? end.date : londonDay(end.at);
      last = end.kind === 'date' ? addDays(endDate, -1) : endDate;
    } else if (duration) last = addDays(start.date, Math.max(duration.days, 1) - 1);
    if (last < start.date) {
      if (end?.kind === 'date' && end.date === start.date) return { startDate: start.date, endDate: start.date };
      throw new CalendarFormatError(`Line ${startLine}: the event ends before it starts`);
    }
    return { startDate: start.date, endDate: last };
  }
  const from = start.at;
  let to = from;
  if (end) to = end.kind === 'instant' ? end.at : wallToInstant(Date.parse(`${end.date}T00:00:00Z`), 'Europe/London');
  else if (duration) to = from + duration.days * 86_400_000 + duration.ms;
  if (to < from) throw new CalendarFormatError(`Line ${startLine}: the event ends before it starts`);
  // The end instant is exclusive: an event until midnight ends on the day before.
  const last = to > from ? londonDay(to - 1) : londonDay(from);
  return { startDate: londonDay(from), endDate: last };
}

/**
 * Busy London day ranges of the calendar's events that end on `today` or later and start before
 * `until`. Throws CalendarFormatError with a message for the owner when the text is not a calendar.
 */
export function readBusyDays(text: string, options: { today: IsoDate; until: IsoDate }): ReadCalendar {
  const busy: BusyRange[] = [];
  let repeatingIgnored = 0;
  const stack: Array<{ name: string; line: number }> = [];
  let event: Map<string, ContentLine> | undefined;
  let repeats: ContentLine[] = [];
  let eventLine = 0;
  const events: ParsedEvent[] = [];
  let sawCalendar = false;
  const first = text.replace(/^\uFEFF/, '').trimStart();
  if (first !== '' && !/^BEGIN:VCALENDAR\r?(\n|$)/i.test(first)) {
    throw new CalendarFormatError('The address did not answer with an iCalendar file (it must start with BEGIN:VCALENDAR)');
  }
  for (const prop of contentLines(text)) {
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
    replaced.set(uid, [...(replaced.get(uid) ?? []), readWhen(id)]);
  }
  const keep = (range: BusyRange) => {
    if (range.endDate >= options.today && range.startDate < options.until) {
      busy.push({
        startDate: range.startDate < options.today ? options.today : range.startDate,
        endDate: range.endDate < options.until ? range.endDate : addDays(options.until, -1),
      });
    }
  };
  for (const e of events) {
    const read = readEvent(e);
    if (read === 'skipped' || !read.first) continue;
    const repeating = !e.props.has('RECURRENCE-ID') && (e.props.has('RRULE') || e.repeats.some((r) => r.name === 'RDATE'));
    if (!repeating) {
      keep(read.first);
      continue;
    }
    const expanded = expand(e, read, replaced.get(e.props.get('UID')?.value.trim() ?? '') ?? [], options.until);
    if (!expanded.complete) repeatingIgnored += 1;
    expanded.ranges.forEach(keep);
  }
  return { busy: mergeRanges(busy), repeatingIgnored };
}

interface ParsedEvent {
  props: Map<string, ContentLine>;
  /** EXDATE and RDATE lines, which may repeat. */
  repeats: ContentLine[];
  line: number;
}

/** How long an event lasts: whole days for an all-day event, milliseconds for a timed one. */
type Span = { kind: 'days'; days: number } | { kind: 'ms'; ms: number };

function readEvent(e: ParsedEvent): 'skipped' | { start: When; span: Span; first: BusyRange | undefined } {
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
  if (start.kind === 'date') span = { kind: 'days', days: first ? daysBetween(first.startDate, first.endDate) + 1 : 1 };
  else {
    let to = start.at;
    if (end) to = end.kind === 'instant' ? end.at : wallToInstant(Date.parse(`${end.date}T00:00:00Z`), 'Europe/London');
    else if (duration) to = start.at + duration.days * 86_400_000 + duration.ms;
    span = { kind: 'ms', ms: Math.max(0, to - start.at) };
  }
  return { start, span, first };
}

const DAY_MS = 86_400_000;
const wallDate = (wall: number): IsoDate => new Date(wall).toISOString().slice(0, 10);

/** The event's occurrence starting on `date` (its own zone's calendar date), as London days. */
function occurrence(start: When, span: Span, date: IsoDate): { range: BusyRange; at: number | undefined } {
  if (start.kind === 'date') {
    const days = span.kind === 'days' ? span.days : 1;
    return { range: { startDate: date, endDate: addDays(date, days - 1) }, at: undefined };
  }
  const wall = Date.parse(`${date}T00:00:00Z`) + (((start.wall % DAY_MS) + DAY_MS) % DAY_MS);
  const at = start.zone === 'UTC' ? wall : wallToInstant(wall, start.zone);
  const to = at + (span.kind === 'ms' ? span.ms : 0);
  return { range: { startDate: londonDay(at), endDate: to > at ? londonDay(to - 1) : londonDay(at) }, at };
}

/** The values of an RDATE or EXDATE line, each read as DTSTART is (PERIOD values are left out). */
function listValues(prop: ContentLine): When[] {
  return prop.value
    .split(',')
    .filter((v) => v.trim() !== '' && !v.includes('/'))
    .map((value) => readWhen({ ...prop, value }));
}

/**
 * A repeating event's occurrences up to `until`: DTSTART, the rule's dates and RDATEs, less EXDATEs
 * and occurrences replaced by their own event. `complete` is false when the rule was not expanded.
 */
function expand(
  e: ParsedEvent,
  read: { start: When; span: Span; first: BusyRange | undefined },
  replacedIds: When[],
  until: IsoDate,
): { ranges: BusyRange[]; complete: boolean } {
  const { start, span } = read;
  const startDate = start.kind === 'date' ? start.date : wallDate(start.wall);
  const removed = [...e.repeats.filter((r) => r.name === 'EXDATE').flatMap(listValues), ...replacedIds];
  const removedDates = new Set(removed.map((w) => (w.kind === 'date' ? w.date : wallDate(w.wall))));
  const removedInstants = new Set(removed.flatMap((w) => (w.kind === 'instant' ? [w.at] : [])));
  const isRemoved = (date: IsoDate, at: number | undefined) =>
    at === undefined ? removedDates.has(date) : removedInstants.has(at) || removed.some((w) => w.kind === 'date' && w.date === date);

  const ranges: BusyRange[] = [];
  const add = (date: IsoDate) => {
    const o = occurrence(start, span, date);
    if (!isRemoved(date, o.at)) ranges.push(o.range);
  };
  add(startDate);

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
      const isAfterUntil = (date: IsoDate): boolean => {
        if (!ruleUntil) return false;
        if (ruleUntil.kind === 'date') return date > ruleUntil.date;
        const at = occurrence(start, span, date).at ?? wallToInstant(Date.parse(`${date}T00:00:00Z`), 'Europe/London');
        return at > ruleUntil.at;
      };
      for (const date of occurrenceDates(rule, startDate, until, isAfterUntil)) add(date);
    }
  }
  for (const prop of e.repeats.filter((r) => r.name === 'RDATE')) {
    for (const when of listValues(prop)) {
      if (when.kind === 'date') {
        if (when.date < until) add(when.date);
      } else {
        // An RDATE date-time gives the occurrence its own time; the event keeps its length.
        const o = occurrence({ ...when }, span, wallDate(when.wall));
        if (o.range.startDate < until && !isRemoved(wallDate(when.wall), o.at)) ranges.push(o.range);
      }
    }
  }
  return { ranges, complete };
}

/** Sorted, with overlapping and touching ranges joined. */
function mergeRanges(ranges: BusyRange[]): BusyRange[] {
  const sorted = [...ranges].sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  const out: BusyRange[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.startDate <= addDays(last.endDate, 1)) {
      if (r.endDate > last.endDate) last.endDate = r.endDate;
    } else out.push({ ...r });
  }
  return out;
}
