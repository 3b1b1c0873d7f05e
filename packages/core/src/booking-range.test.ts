import { describe, expect, it } from 'vitest';
import { bookingButtonState, clampRange, isDateBooked, isRangeFree, rangeProblem, rangesOverlap } from './booking-range.ts';

const r = (startDate: string, endDate: string) => ({ startDate, endDate });

describe('clampRange (the spec rule)', () => {
  const limits = { minDays: 3, maxDays: 5 };
  it.each([
    [r('2026-12-01', '2026-12-01'), r('2026-12-01', '2026-12-03')],
    [r('2026-12-01', '2026-12-02'), r('2026-12-01', '2026-12-03')],
    [r('2026-12-01', '2026-12-03'), r('2026-12-01', '2026-12-03')],
    [r('2026-12-01', '2026-12-05'), r('2026-12-01', '2026-12-05')],
    [r('2026-12-01', '2026-12-06'), r('2026-12-01', '2026-12-05')],
    [r('2026-12-30', '2027-01-20'), r('2026-12-30', '2027-01-03')],
  ])('%o becomes %o', (input, output) => {
    expect(clampRange(input, limits)).toEqual(output);
  });
});

describe('overlap of inclusive ranges', () => {
  it('touching end days overlap; adjacent days do not', () => {
    expect(rangesOverlap(r('2026-12-01', '2026-12-03'), r('2026-12-03', '2026-12-04'))).toBe(true);
    expect(rangesOverlap(r('2026-12-01', '2026-12-03'), r('2026-12-04', '2026-12-05'))).toBe(false);
    expect(rangesOverlap(r('2026-12-02', '2026-12-02'), r('2026-12-01', '2026-12-05'))).toBe(true);
    expect(isRangeFree(r('2026-12-06', '2026-12-09'), [r('2026-12-01', '2026-12-05'), r('2026-12-10', '2026-12-11')])).toBe(true);
    expect(isDateBooked('2026-12-05', [r('2026-12-01', '2026-12-05')])).toBe(true);
    expect(isDateBooked('2026-12-06', [r('2026-12-01', '2026-12-05')])).toBe(false);
  });
});

describe('Add to Wheelbarrow button', () => {
  const today = '2026-11-22';
  const limits = { minDays: 2, maxDays: 4 };
  const booked = [r('2026-11-28', '2026-11-30')];
  it.each([
    [undefined, 'Select Dates to Continue', true],
    [{ startDate: '2026-11-23' }, 'Select Dates to Continue', true],
    [r('2026-11-27', '2026-11-28'), 'Unavailable for Selected Dates', true],
    [r('2026-11-21', '2026-11-23'), 'Unavailable for Selected Dates', true],
    [r('2026-11-23', '2026-11-23'), 'Minimum 2 days required', true],
    [r('2026-11-22', '2026-11-26'), 'Maximum 4 days allowed', true],
    [r('2026-11-22', '2026-11-23'), 'Add to Wheelbarrow', false],
    [r('2026-12-01', '2026-12-04'), 'Add to Wheelbarrow', false],
  ])('%o -> %s', (range, label, disabled) => {
    const state = bookingButtonState(range, limits, booked, today);
    expect(state.label).toBe(label);
    expect(state.disabled).toBe(disabled);
  });

  it('reports the day count when ready', () => {
    const state = bookingButtonState(r('2026-12-01', '2026-12-03'), limits, booked, today);
    expect(state).toMatchObject({ kind: 'ready', days: 3 });
  });
});

describe('rangeProblem: the one booking-range rule', () => {
  const today = '2030-06-10';
  const limits = { minDays: 2, maxDays: 5 };
  it.each([
    [{ startDate: '2030-06-12', endDate: '2030-06-11' }, { kind: 'reversed' }],
    [{ startDate: '2030-06-09', endDate: '2030-06-11' }, { kind: 'past' }],
    [
      { startDate: '2030-06-10', endDate: '2030-06-10' },
      { kind: 'too-short', minDays: 2 },
    ],
    [
      { startDate: '2030-06-10', endDate: '2030-06-15' },
      { kind: 'too-long', maxDays: 5 },
    ],
    [{ startDate: '2030-06-10', endDate: '2030-06-11' }, null],
    [{ startDate: '2030-06-10', endDate: '2030-06-14' }, null],
  ])('%o -> %o', (range, expected) => {
    expect(rangeProblem(range, limits, today)).toEqual(expected);
  });
});
