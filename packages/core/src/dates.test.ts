import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysInclusive, formatDate, isIsoDate, todayInLondon } from './dates.ts';

describe('today in London', () => {
  it.each([
    // Winter (GMT = UTC)
    ['2026-01-15T23:59:59Z', '2026-01-15'],
    ['2026-01-16T00:00:00Z', '2026-01-16'],
    // Summer (BST = UTC+1): 23:30 UTC is already tomorrow in London
    ['2026-07-01T22:59:59Z', '2026-07-01'],
    ['2026-07-01T23:00:00Z', '2026-07-02'],
    // Clocks go forward at 01:00 UTC on 29 March 2026
    ['2026-03-28T23:30:00Z', '2026-03-28'],
    ['2026-03-29T00:59:59Z', '2026-03-29'],
    ['2026-03-29T23:00:00Z', '2026-03-30'],
    // Clocks go back at 01:00 UTC on 25 October 2026
    ['2026-10-24T22:59:59Z', '2026-10-24'],
    ['2026-10-24T23:00:00Z', '2026-10-25'],
    ['2026-10-25T23:30:00Z', '2026-10-25'],
    ['2026-10-26T00:00:00Z', '2026-10-26'],
  ])('at %s it is %s', (instant, date) => {
    expect(todayInLondon(new Date(instant))).toBe(date);
  });
});

describe('calendar arithmetic', () => {
  it('counts both end days', () => {
    expect(daysInclusive('2026-11-22', '2026-11-22')).toBe(1);
    expect(daysInclusive('2026-11-22', '2026-11-24')).toBe(3);
    expect(daysInclusive('2026-12-30', '2027-01-02')).toBe(4);
  });

  it('does not lose or gain a day across either clock change', () => {
    expect(daysInclusive('2026-03-28', '2026-03-30')).toBe(3);
    expect(daysInclusive('2026-10-24', '2026-10-26')).toBe(3);
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('addDays and daysInclusive agree for any date and span', () => {
    const dates = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 800 }), (start, n) => {
        expect(daysInclusive(start, addDays(start, n))).toBe(n + 1);
        expect(addDays(addDays(start, n), -n)).toBe(start);
      }),
    );
  });

  it('validates calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });

  it('formats for people', () => {
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
  });
});
