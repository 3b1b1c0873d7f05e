import { LONDON_CLOCK, UTC_CLOCK, wallTimeToInstant, type IsoDate, type ZoneClock } from '@toolshed/core';
import { CalendarFormatError, type ContentLine } from './ical-lines.ts';
import { dayNumberOf, monthLength } from './day-numbers.ts';
import type { ZoneResolver } from './zone-resolver.ts';

export const DAY_MS = 86_400_000;

/**
 * A DTSTART-like value: a date, or an instant with the wall-clock time it was written in (as if UTC)
 * and the clock of its zone (UTC for a `Z` time, London for a floating one). `uncertain`: its TZID
 * could not be resolved, so it was read as London time and may be up to a day off.
 */
export type When =
  { kind: 'date'; date: IsoDate; day: number } | { kind: 'instant'; at: number; wall: number; clock: ZoneClock; uncertain: boolean };

// Days are day numbers (recurrence.ts) until the busy ranges are handed back: core's dates are
// checked with Date, which reads years 0-99 as 1900-1999, and strings cost more per occurrence.
/** The day of a wall-clock time given as if UTC. */
export const wallDay = (wall: number): number => Math.floor(wall / DAY_MS);
/** The London day at an instant. */
export const londonDay = (instant: number): number => wallDay(instant + LONDON_CLOCK.offsetMs(instant));
/** The instant London's day `day` starts. */
export const londonMidnight = (day: number): number => wallTimeToInstant(day * DAY_MS, LONDON_CLOCK);

/** The day a When is on, in its own zone. */
export const dayOf = (w: When): number => (w.kind === 'date' ? w.day : wallDay(w.wall));

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;

const validDate = (y: number, m: number, d: number): boolean => m >= 1 && m <= 12 && d >= 1 && d <= monthLength(y, m);
const badDate = (prop: ContentLine) => new CalendarFormatError(`Line ${prop.line}: ${prop.name} is not a valid date`);

/** Reads a DATE or DATE-TIME value; a TZID is looked up with `zones`. */
export function readWhen(prop: ContentLine, zones: ZoneResolver): When {
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
  const tzid = prop.params.TZID;
  let clock = LONDON_CLOCK;
  let uncertain = false;
  if (dt[7] === 'Z') clock = UTC_CLOCK;
  else if (tzid !== undefined) {
    const resolved = zones.resolve(tzid);
    if (resolved) clock = resolved;
    else uncertain = true;
  }
  return { kind: 'instant', at: wallTimeToInstant(wall, clock), wall, clock, uncertain };
}

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

export function readDuration(prop: ContentLine): { days: number; ms: number } {
  const m = DURATION.exec(prop.value.trim());
  if (!m || prop.value.trim() === 'P' || m[1] === '-') throw new CalendarFormatError(`Line ${prop.line}: DURATION is not a valid duration`);
  const n = (i: number) => Number(m[i] ?? 0);
  return { days: n(2) * 7 + n(3), ms: ((n(4) * 60 + n(5)) * 60 + n(6)) * 1000 };
}

/**
 * The London days from `from` to `to` (exclusive; an event until midnight ends on the day before).
 * An uncertain time (its zone unknown, read as London's) blocks the day before and after as well:
 * every zone is less than a day from London, so the real days are among them.
 */
export function londonDays(from: number, to: number, uncertain: boolean): { start: number; end: number } {
  const start = londonDay(from);
  const end = to > from ? londonDay(to - 1) : start;
  return uncertain ? { start: start - 1, end: end + 1 } : { start, end };
}
