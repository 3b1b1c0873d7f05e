import { addDays, todayInLondon, type IsoDate } from '@toolshed/core';

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
 * - RRULE/RDATE are not expanded: a repeating event blocks its first occurrence only (counted in
 *   `repeatingIgnored`). EXDATE and RECURRENCE-ID overrides are ignored with them.
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

type When = { kind: 'date'; date: IsoDate } | { kind: 'instant'; at: number };

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
  return { kind: 'instant', at: dt[7] === 'Z' ? wall : wallToInstant(wall, prop.params.TZID) };
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
  let eventLine = 0;
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
        const range = eventRange(event, eventLine);
        if (range && range !== 'skipped') {
          if (event.has('RRULE') || event.has('RDATE')) repeatingIgnored += 1;
          if (range.endDate >= options.today && range.startDate < options.until) {
            busy.push({
              startDate: range.startDate < options.today ? options.today : range.startDate,
              endDate: range.endDate < options.until ? range.endDate : addDays(options.until, -1),
            });
          }
        }
        event = undefined;
      }
      continue;
    }
    if (stack.length === 0) throw new CalendarFormatError(`Line ${prop.line}: ${prop.name} is outside BEGIN:VCALENDAR`);
    // Only the event's own properties, not those of an alarm inside it.
    if (event && stack.length === 2 && !event.has(prop.name)) event.set(prop.name, prop);
  }
  if (!sawCalendar) throw new CalendarFormatError('The address did not answer with an iCalendar file (it is empty)');
  const open = stack.at(-1);
  if (open) throw new CalendarFormatError(`The calendar ends without END:${open.name} for line ${open.line}`);
  return { busy: mergeRanges(busy), repeatingIgnored };
}

function eventRange(event: Map<string, ContentLine>, line: number): BusyRange | 'skipped' | undefined {
  const status = event.get('STATUS')?.value.trim().toUpperCase();
  const transp = event.get('TRANSP')?.value.trim().toUpperCase();
  const uid = event.get('UID')?.value.trim().toLowerCase() ?? '';
  if (status === 'CANCELLED' || transp === 'TRANSPARENT' || uid.endsWith(OWN_FEED_UID_SUFFIX)) return 'skipped';
  const startProp = event.get('DTSTART');
  if (!startProp) throw new CalendarFormatError(`Line ${line}: the event has no DTSTART`);
  const endProp = event.get('DTEND');
  const durationProp = event.get('DURATION');
  return busyDays(
    readWhen(startProp),
    endProp ? readWhen(endProp) : undefined,
    durationProp ? readDuration(durationProp) : undefined,
    startProp.line,
  );
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
