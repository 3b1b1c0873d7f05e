import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineTotalPence, priceBasket } from './money.ts';

describe('weekly price: per full week of a rental, the remaining days at the daily rate', () => {
  it.each([
    // [days, daily, weekly, expected]
    [1, 1000, 5000, 1000],
    [6, 1000, 5000, 6000],
    [7, 1000, 5000, 5000],
    [9, 1000, 5000, 7000],
    [14, 1000, 5000, 10000],
    [20, 1000, 5000, 16000],
    [9, 1000, null, 9000],
    [0, 1000, 5000, 0],
  ])('%i days at %i a day, %s a week: %i', (days, daily, weekly, expected) => {
    expect(lineTotalPence(daily, days, weekly)).toBe(expected);
  });

  it('is the weekly price even when it costs more than seven days (the owner chose it)', () => {
    expect(lineTotalPence(1000, 8, 8000)).toBe(9000);
  });

  it('refuses pence that are not whole', () => {
    expect(() => lineTotalPence(1000, 7, 50.5)).toThrow(RangeError);
    expect(() => lineTotalPence(1000, 7, -1)).toThrow(RangeError);
  });

  it('priceBasket uses it per line, and the fee on the subtotal', () => {
    const price = priceBasket([
      { dailyRatePence: 1000, days: 9, weeklyRatePence: 5000 },
      { dailyRatePence: 250, days: 2 },
    ]);
    expect(price.lines).toEqual([7000, 500]);
    expect(price.subtotalPence).toBe(7500);
    expect(price.serviceFeePence).toBe(750);
    expect(price.totalPence).toBe(8250);
  });

  it('never more than all days at the daily rate when a week costs at most seven days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 0, max: 7 }),
        (daily, days, weekDays) => {
          const weekly = daily * weekDays;
          const total = lineTotalPence(daily, days, weekly);
          expect(total).toBeLessThanOrEqual(daily * days);
          expect(total).toBe(Math.floor(days / 7) * weekly + (days % 7) * daily);
        },
      ),
    );
  });
});
