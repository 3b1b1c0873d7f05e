import { isIsoDate, type IsoDate } from './dates.ts';

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** Minutes London is ahead of UTC at an instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: number): number {
  const p = Object.fromEntries(londonParts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant at which London's wall clock shows `time` ('HH:MM') on `date`. On the spring-forward
 * day a time that does not exist (01:30) is taken as the same wall time after the change.
 */
export function londonTimeToInstant(date: IsoDate, time: string): Date {
  const t = TIME.exec(time);
  if (!isIsoDate(date) || !t) throw new RangeError(`Not a London date and time: ${date} ${time}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, Number(t[1]), Number(t[2]));
  const first = wall - londonOffsetMinutes(wall) * 60_000;
  const second = wall - londonOffsetMinutes(first) * 60_000;
  return new Date(Math.max(first, second));
}
