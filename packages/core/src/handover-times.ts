import { isIsoDate, type IsoDate } from './dates.ts';
import { londonTimeToInstant } from './london-time.ts';

/**
 * Handover times (decision 038): an owner's hours per weekday, in which the renter picks a pick-up
 * time on the first day and a return time on the last, in 30-minute slots (the spec's time interval).
 * Times are London wall-clock times held as minutes after midnight; weekdays run 0 (Sunday) to 6.
 */
export const SLOT_MINUTES = 30;
export const MINUTES_PER_DAY = 24 * 60;
/** At most this many ranges on one weekday (a morning and an evening, say). */
export const MAX_RANGES_PER_DAY = 4;

export interface HandoverHoursRange {
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  /** Minutes after midnight, London time. */
  opensMinutes: number;
  /** Minutes after midnight; the last slot starts 30 minutes before. 1440 means midnight at the end. */
  closesMinutes: number;
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The hours of an owner who set none: 08:00 to 20:00 every day. */
export const DEFAULT_HANDOVER_HOURS: readonly HandoverHoursRange[] = WEEKDAY_NAMES.map((_, weekday) => ({
  weekday,
  opensMinutes: 8 * 60,
  closesMinutes: 20 * 60,
}));

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:MM' -> minutes after midnight, or null for anything else. */
export function parseClockTime(time: string): number | null {
  const t = TIME.exec(time);
  return t ? Number(t[1]) * 60 + Number(t[2]) : null;
}

/** 570 -> '09:30'; 1440 -> '24:00' (a closing time at midnight). */
export function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The weekday (0 Sunday) of a calendar date. */
export function weekdayOf(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const londonWall = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Whether London's clock shows this time on this date: not in the hour skipped when the clocks go forward. */
export function londonTimeExists(date: IsoDate, minutes: number): boolean {
  const time = clockTime(minutes);
  return londonWall.format(londonTimeToInstant(date, time)) === time;
}

/** One range's problem: which range (its index in the list given), which end of it, and why. */
export interface HandoverRangeProblem {
  index: number;
  field: 'opens' | 'closes';
  message: string;
}

/**
 * Every range that cannot be saved, and why (the first problem of each): whole 30-minute slots,
 * inside the day, the close after the open; then, weekday by weekday, at most MAX_RANGES_PER_DAY
 * ranges and no range overlapping the one before it. The owner's hours form shows each under its
 * range; the API refuses with the first.
 */
export function handoverRangeProblems(ranges: readonly HandoverHoursRange[]): HandoverRangeProblem[] {
  const problems: HandoverRangeProblem[] = [];
  const aligned = (m: number) => Number.isInteger(m) && m % SLOT_MINUTES === 0;
  ranges.forEach((r, index) => {
    if (!Number.isInteger(r.weekday) || r.weekday < 0 || r.weekday > 6) {
      problems.push({ index, field: 'opens', message: 'Weekdays run from 0 (Sunday) to 6 (Saturday).' });
      return;
    }
    const day = WEEKDAY_NAMES[r.weekday];
    if (!aligned(r.opensMinutes) || !aligned(r.closesMinutes))
      problems.push({
        index,
        field: aligned(r.opensMinutes) ? 'closes' : 'opens',
        message: `${day}: times go in steps of ${SLOT_MINUTES} minutes (for example 09:00 or 09:30).`,
      });
    else if (r.opensMinutes < 0 || r.closesMinutes > MINUTES_PER_DAY)
      problems.push({ index, field: r.opensMinutes < 0 ? 'opens' : 'closes', message: `${day}: times must be within the day.` });
    else if (r.closesMinutes <= r.opensMinutes)
      problems.push({ index, field: 'closes', message: `${day}: the closing time must be after the opening time.` });
  });
  const troubled = new Set(problems.map((p) => p.index));
  for (let weekday = 0; weekday < 7; weekday++) {
    const day = ranges
      .map((r, index) => ({ ...r, index }))
      .filter((r) => r.weekday === weekday && !troubled.has(r.index))
      .sort((a, b) => a.opensMinutes - b.opensMinutes);
    if (day.length > MAX_RANGES_PER_DAY)
      problems.push({
        index: day[MAX_RANGES_PER_DAY]!.index,
        field: 'opens',
        message: `${WEEKDAY_NAMES[weekday]}: at most ${MAX_RANGES_PER_DAY} time ranges a day.`,
      });
    for (let i = 1; i < day.length; i++)
      if (day[i]!.opensMinutes < day[i - 1]!.closesMinutes)
        problems.push({ index: day[i]!.index, field: 'opens', message: `${WEEKDAY_NAMES[weekday]}: the time ranges overlap.` });
  }
  return problems;
}

/** Why a set of hours cannot be saved, or null: whole slots, inside the day, no overlaps on a weekday. */
export function handoverHoursProblem(ranges: readonly HandoverHoursRange[]): string | null {
  return handoverRangeProblems(ranges)[0]?.message ?? null;
}

/** The hours that apply: the owner's own, or the default when they set none. */
export function effectiveHours(ranges: readonly HandoverHoursRange[]): readonly HandoverHoursRange[] {
  return ranges.length > 0 ? ranges : DEFAULT_HANDOVER_HOURS;
}

/**
 * The 30-minute slots offered on a date (their start times, in minutes): inside the owner's hours
 * for that weekday, and only times London's clock shows that day (none in the skipped hour).
 */
export function handoverSlots(date: IsoDate, ranges: readonly HandoverHoursRange[]): number[] {
  if (!isIsoDate(date)) return [];
  const weekday = weekdayOf(date);
  const slots = new Set<number>();
  for (const r of effectiveHours(ranges)) {
    if (r.weekday !== weekday) continue;
    for (let m = r.opensMinutes; m + SLOT_MINUTES <= r.closesMinutes; m += SLOT_MINUTES) if (londonTimeExists(date, m)) slots.add(m);
  }
  return [...slots].sort((a, b) => a - b);
}

export type HandoverTimeSide = 'pickup' | 'return';

const SIDE_WORDS: Record<HandoverTimeSide, string> = { pickup: 'pick-up', return: 'return' };

/** Why a chosen time cannot be taken on a date, or null when it is one of the slots offered. */
export function handoverTimeProblem(
  side: HandoverTimeSide,
  date: IsoDate,
  minutes: number,
  ranges: readonly HandoverHoursRange[],
): string | null {
  if (handoverSlots(date, ranges).includes(minutes)) return null;
  return `The ${SIDE_WORDS[side]} time ${clockTime(minutes)} is not one of the owner's handover times on that day. Please choose another.`;
}

/** The instant of a handover: London's wall clock at `minutes` on `date`. */
export function handoverInstant(date: IsoDate, minutes: number): Date {
  return londonTimeToInstant(date, clockTime(minutes));
}

/** Monday first, as a week reads in the UK. */
const UK_WEEK = [1, 2, 3, 4, 5, 6, 0];

/** One line of an owner's hours as an item page shows them: 'Mon–Fri' (Monday to Friday), '08:00–10:00, 17:00–19:00'. */
export interface HandoverHoursLine {
  /** Short: 'Mon–Fri', 'Sat'. */
  days: string;
  /** In words: 'Monday to Friday', 'Saturday'. */
  daysInFull: string;
  /** 'HH:MM–HH:MM' ranges, earliest first. */
  times: string[];
}

/**
 * An owner's hours (as 'HH:MM' ranges) grouped for reading: consecutive weekdays with the same
 * ranges share a line, Monday first; days without hours are left out. 'Mon–Fri 08:00–10:00,
 * 17:00–19:00; Sat 09:00–12:00'.
 */
export function handoverHoursLines(ranges: readonly { weekday: number; opens: string; closes: string }[]): HandoverHoursLine[] {
  const timesOf = (weekday: number) =>
    ranges
      .filter((r) => r.weekday === weekday)
      .sort((a, b) => a.opens.localeCompare(b.opens))
      .map((r) => `${r.opens}–${r.closes}`);
  const lines: Array<{ first: number; last: number; times: string[] }> = [];
  for (const weekday of UK_WEEK) {
    const times = timesOf(weekday);
    const prev = lines.at(-1);
    if (times.length === 0) continue;
    if (prev && prev.last === UK_WEEK[UK_WEEK.indexOf(weekday) - 1] && prev.times.join() === times.join()) prev.last = weekday;
    else lines.push({ first: weekday, last: weekday, times });
  }
  const short = (weekday: number) => WEEKDAY_NAMES[weekday]!.slice(0, 3);
  return lines.map(({ first, last, times }) => ({
    days: first === last ? short(first) : `${short(first)}–${short(last)}`,
    daysInFull: first === last ? WEEKDAY_NAMES[first]! : `${WEEKDAY_NAMES[first]} to ${WEEKDAY_NAMES[last]}`,
    times,
  }));
}
