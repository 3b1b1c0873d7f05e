import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeShares } from './fee-shares.ts';
import { priceBasket } from './money.ts';

describe('fee shares', () => {
  it.each([
    [100, [1000], [100]],
    [300, [1000, 1000, 1000], [100, 100, 100]],
    [1, [500, 500], [1, 0]],
    [2, [1, 1, 1], [1, 1, 0]],
    [7, [3000, 1000], [5, 2]],
    [0, [1000, 2000], [0, 0]],
    [3, [0, 0], [2, 1]],
  ])('fee %i over %o is %o', (fee, totals, shares) => {
    expect(feeShares(fee, totals)).toEqual(shares);
  });

  it('always sums to the basket fee, each share within a penny of its proportion', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ dailyRatePence: fc.integer({ min: 0, max: 50_000 }), days: fc.integer({ min: 1, max: 30 }) }), {
          minLength: 1,
          maxLength: 20,
        }),
        (lines) => {
          const basket = priceBasket(lines);
          const shares = feeShares(basket.serviceFeePence, basket.lines);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(basket.serviceFeePence);
          if (basket.subtotalPence > 0) {
            shares.forEach((s, i) =>
              expect(Math.abs(s - (basket.serviceFeePence * basket.lines[i]!) / basket.subtotalPence)).toBeLessThan(1),
            );
          }
        },
      ),
    );
  });

  it('refuses fractions and negatives', () => {
    expect(() => feeShares(1.5, [1])).toThrow(RangeError);
    expect(() => feeShares(1, [-1])).toThrow(RangeError);
  });
});
