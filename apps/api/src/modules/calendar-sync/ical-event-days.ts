import type { IsoDate } from '@toolshed/core';
import { dayNumber, isoOfDayNumber } from './day-numbers.ts';
import { CalendarFormatError } from './ical-lines.ts';
import type { DayRange, ParsedEvent, Span } from './ical-occurrences.ts';
import type { BusyRange } from './ical-reader.ts';
import { DAY_MS, londonDays, londonDay, londonMidnight, readDuration, readWhen, type When } from './ical-when.ts';
import type { ZoneResolver } from './zone-resolver.ts';

// An event's first occurrence as busy London days, and the window's busy days as they are marked.

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
export function dayMarks(today: IsoDate, until: IsoDate) {
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

export function readEvent(e: ParsedEvent, zones: ZoneResolver): 'skipped' | { start: When; span: Span; first: DayRange } {
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
