import { describe, expect, it } from 'vitest';
import { londonTimeToInstant } from './london-time.ts';

describe('londonTimeToInstant', () => {
  it.each([
    ['2026-01-15', '09:00', '2026-01-15T09:00:00.000Z'],
    ['2026-07-15', '09:00', '2026-07-15T08:00:00.000Z'],
    // The day the clocks go forward (29 March 2026) and back (25 October 2026).
    ['2026-03-29', '09:00', '2026-03-29T08:00:00.000Z'],
    ['2026-03-28', '09:00', '2026-03-28T09:00:00.000Z'],
    ['2026-10-25', '09:00', '2026-10-25T09:00:00.000Z'],
    ['2026-10-24', '09:00', '2026-10-24T08:00:00.000Z'],
    ['2026-03-29', '00:30', '2026-03-29T00:30:00.000Z'],
  ])('%s %s in London is %s', (date, time, expected) => {
    expect(londonTimeToInstant(date, time).toISOString()).toBe(expected);
  });

  it('refuses times and dates that are not real', () => {
    expect(() => londonTimeToInstant('2026-02-30', '09:00')).toThrow(RangeError);
    expect(() => londonTimeToInstant('2026-02-01', '24:00')).toThrow(RangeError);
  });
});
