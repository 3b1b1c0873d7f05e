import { describe, expect, it } from 'vitest';
import { toInt, toIntOrNull, toIsoDate, toIsoTimestamp, toNumber } from './row-values.ts';

describe('row values', () => {
  it('reads a COUNT or SUM sent as text as a number, and refuses what is not a whole number', () => {
    expect(toInt('42', 'n')).toBe(42);
    expect(toInt(-3, 'n')).toBe(-3);
    expect(toIntOrNull(null, 'n')).toBeNull();
    expect(() => toInt('4.5', 'n')).toThrow(/Column n/);
    expect(() => toInt(null, 'n')).toThrow(/Column n/);
  });

  it('reads a numeric column sent as text', () => {
    expect(toNumber('4.50', 'rating')).toBe(4.5);
    expect(() => toNumber('', 'rating')).toThrow(/rating/);
  });

  it('gives instants as ISO strings in UTC and dates as YYYY-MM-DD', () => {
    expect(toIsoTimestamp(new Date('2025-06-01T09:30:00Z'), 'at')).toBe('2025-06-01T09:30:00.000Z');
    expect(toIsoTimestamp('2025-06-01 10:30:00+01', 'at')).toBe('2025-06-01T09:30:00.000Z');
    expect(() => toIsoTimestamp('soon', 'at')).toThrow(/at/);
    expect(toIsoDate('2025-06-01', 'start_date')).toBe('2025-06-01');
    expect(() => toIsoDate(new Date(), 'start_date')).toThrow(/start_date/);
  });
});
