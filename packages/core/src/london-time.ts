import { isIsoDate, type IsoDate } from './dates.ts';
import { LONDON_CLOCK, wallTimeToInstant } from './zone-offset.ts';

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
  return new Date(wallTimeToInstant(wall, LONDON_CLOCK));
}
