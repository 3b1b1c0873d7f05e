/**
 * UTC offsets of time zones, from the runtime's own zone data (Intl, full ICU in Node and browsers).
 * A zone is a `ZoneClock`: the milliseconds it is ahead of UTC at an instant. London's is here for
 * London dates and times (london-time.ts); other zones are asked for by name (IANA, e.g. 'Europe/Paris').
 *
 * Per zone and UTC day the offset at the day's start is remembered, and on a day it changes, the
 * instant of the change (found once, to the second). A zone changes its offset at most once a day, so
 * an offset is two look-ups: a daily event read for 18 months does not format a date per day.
 */
export interface ZoneClock {
  /** Milliseconds the zone is ahead of UTC at `instant` (ms since the epoch). */
  offsetMs(instant: number): number;
}

const DAY_MS = 86_400_000;

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
let cachedDays = 0;
const allDays: Array<{ startOffsets: Map<number, number>; changes: Map<number, number> }> = [];

function remember(map: Map<number, number>, day: number, value: number): number {
  if (cachedDays >= MAX_CACHED_DAYS) {
    for (const days of allDays) {
      days.startOffsets.clear();
      days.changes.clear();
    }
    cachedDays = 0;
  }
  map.set(day, value);
  cachedDays += 1;
  return value;
}

function intlClock(format: Intl.DateTimeFormat): ZoneClock {
  /** The offset at 00:00 UTC of each day, and on a day whose offset changes, the first instant of the new one. */
  const days = { startOffsets: new Map<number, number>(), changes: new Map<number, number>() };
  allDays.push(days);
  const startOffset = (day: number): number =>
    days.startOffsets.get(day) ?? remember(days.startOffsets, day, formattedOffset(format, day * DAY_MS));
  return {
    offsetMs(instant: number): number {
      const at = Math.max(instant, EARLIEST_OFFSET);
      const day = Math.floor(at / DAY_MS);
      const before = startOffset(day);
      const after = startOffset(day + 1);
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
    },
  };
}

export const UTC_CLOCK: ZoneClock = { offsetMs: () => 0 };
export const LONDON_CLOCK: ZoneClock = intlClock(zoneFormat('Europe/London'));

const clocks = new Map<string, ZoneClock | null>();
/** More names than there are zones: the rest were names Intl refused, and are not kept for ever. */
const MAX_ZONE_NAMES = 2_000;

/** The clock of an IANA zone name (any case, aliases included), or null when Intl does not know it. */
export function ianaZoneClock(name: string): ZoneClock | null {
  const key = name.toLowerCase();
  let clock = clocks.get(key);
  if (clock === undefined) {
    if (clocks.size >= MAX_ZONE_NAMES) clocks.clear();
    try {
      const format = zoneFormat(name);
      const zone = format.resolvedOptions().timeZone;
      clock = zone === 'Europe/London' ? LONDON_CLOCK : zone === 'UTC' ? UTC_CLOCK : intlClock(format);
    } catch {
      clock = null;
    }
    clocks.set(key, clock);
  }
  return clock;
}

/**
 * The instant at which `clock`'s zone shows a wall-clock time (given in ms as if it were UTC). A time
 * skipped when the clocks go forward is taken as the same wall time after the change; a time that
 * happens twice when they go back, as its later instant.
 */
export function wallTimeToInstant(wall: number, clock: ZoneClock): number {
  const first = wall - clock.offsetMs(wall);
  const second = wall - clock.offsetMs(first);
  return Math.max(first, second);
}
