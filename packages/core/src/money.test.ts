import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPence, lineTotalPence, poundsToPence, priceBasket, serviceFeePence } from './money.ts';
import { readPounds } from './typed-pounds.ts';

describe('formatPence', () => {
  it.each([
    [0, '£0.00'],
    [5, '£0.05'],
    [1250, '£12.50'],
    [123456, '£1,234.56'],
  ])('%i pence shows as %s', (pence, shown) => {
    expect(formatPence(pence)).toBe(shown);
  });
});

describe('poundsToPence', () => {
  it.each([
    [0, 0],
    [10, 1000],
    [12.5, 1250],
    [1.005, 101],
    [19.99, 1999],
    [0.1 + 0.2, 30],
  ])('%d pounds is %i pence', (pounds, pence) => {
    expect(poundsToPence(pounds)).toBe(pence);
  });

  it('refuses infinities', () => {
    expect(() => poundsToPence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('service fee and basket', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [1000, 100],
    [1234, 123],
    [1235, 124],
  ])('fee on %i pence is %i pence', (subtotal, fee) => {
    expect(serviceFeePence(subtotal)).toBe(fee);
  });

  it('line totals are rate times days', () => {
    expect(lineTotalPence(1250, 3)).toBe(3750);
    expect(() => lineTotalPence(12.5, 3)).toThrow(RangeError);
  });

  it('total is subtotal plus 10% rounded to whole pence, for any basket', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ dailyRatePence: fc.integer({ min: 0, max: 100_000 }), days: fc.integer({ min: 1, max: 30 }) }), {
          maxLength: 10,
        }),
        (lines) => {
          const b = priceBasket(lines);
          const subtotal = lines.reduce((s, l) => s + l.dailyRatePence * l.days, 0);
          expect(b.subtotalPence).toBe(subtotal);
          expect(b.serviceFeePence).toBe(Math.round(subtotal / 10));
          expect(b.totalPence).toBe(subtotal + b.serviceFeePence);
          expect(Number.isInteger(b.totalPence)).toBe(true);
        },
      ),
    );
  });
});

describe('readPounds: the one reading of typed pounds', () => {
  it.each([
    ['12', { kind: 'pence', pence: 1200 }],
    [' £12.5 ', { kind: 'pence', pence: 1250 }],
    ['£1,012.05', { kind: 'pence', pence: 101205 }],
    ['0.01', { kind: 'pence', pence: 1 }],
    ['-3', { kind: 'pence', pence: -300 }],
    ['12.345', { kind: 'too-precise', pence: 1234.5 }],
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['abc', { kind: 'not-an-amount' }],
    ['1e3', { kind: 'not-an-amount' }],
    ['1,2', { kind: 'not-an-amount' }],
    ['99999999999999999', { kind: 'not-an-amount' }],
  ])('reads %j', (typed, expected) => {
    const read = readPounds(typed);
    if (expected.kind === 'too-precise') expect(read).toEqual({ kind: 'too-precise', pence: expect.closeTo(1234.5, 6) });
    else expect(read).toEqual(expected);
  });

  it('reads every amount of whole pence exactly, as formatted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (pence) => {
        expect(readPounds(formatPence(pence))).toEqual({ kind: 'pence', pence });
      }),
    );
  });
});
