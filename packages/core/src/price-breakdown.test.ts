import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineTotalPence } from './money.ts';
import { formatLinePrice, linePriceParts } from './price-breakdown.ts';

describe('a line price explained', () => {
  it.each([
    // [days, daily, weekly, text]
    [9, 800, 4000, '1 week £40.00 + 2 days £16.00'],
    [7, 800, 4000, '1 week £40.00'],
    [14, 800, 4000, '2 weeks £80.00'],
    [15, 800, 4000, '2 weeks £80.00 + 1 day £8.00'],
    [6, 800, 4000, '6 days £48.00'],
    [9, 800, null, '9 days £72.00'],
    [1, 1250, null, '1 day £12.50'],
    [0, 800, 4000, '0 days £0.00'],
  ])('%i days at %i a day, %s a week: %s', (days, daily, weekly, text) => {
    expect(formatLinePrice(daily, days, weekly)).toBe(text);
  });

  it('names each part with its unit price', () => {
    expect(linePriceParts(800, 9, 4000)).toEqual([
      { unit: 'week', count: 1, unitPence: 4000, amountPence: 4000 },
      { unit: 'day', count: 2, unitPence: 800, amountPence: 1600 },
    ]);
  });

  it('always adds up to what the line is charged, in whole pence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.option(fc.integer({ min: 0, max: 500_000 })),
        (daily, days, weekly) => {
          const parts = linePriceParts(daily, days, weekly);
          expect(parts.reduce((sum, p) => sum + p.amountPence, 0)).toBe(lineTotalPence(daily, days, weekly));
          expect(parts.reduce((sum, p) => sum + p.count * (p.unit === 'week' ? 7 : 1), 0)).toBe(days);
          for (const p of parts) expect(Number.isSafeInteger(p.amountPence)).toBe(true);
        },
      ),
    );
  });

  it('refuses pence that are not whole, as the pricing does', () => {
    expect(() => formatLinePrice(800.5, 3)).toThrow(RangeError);
  });
});
