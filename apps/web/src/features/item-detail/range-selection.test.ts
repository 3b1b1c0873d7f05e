import { describe, expect, it } from 'vitest';
import { pickDate } from './range-selection.ts';

const limits = { minDays: 2, maxDays: 5 };

describe('pickDate', () => {
  it('starts a range with the first click', () => {
    expect(pickDate({}, '2030-06-10', limits)).toEqual({ startDate: '2030-06-10' });
  });

  it('finishes a range within the limits unchanged', () => {
    expect(pickDate({ startDate: '2030-06-10' }, '2030-06-12', limits)).toEqual({
      startDate: '2030-06-10',
      endDate: '2030-06-12',
    });
  });

  it('moves the end out to the minimum rental when the range is too short', () => {
    expect(pickDate({ startDate: '2030-06-10' }, '2030-06-10', limits)).toEqual({
      startDate: '2030-06-10',
      endDate: '2030-06-11',
    });
  });

  it('pulls the end in to the maximum rental when the range is too long', () => {
    expect(pickDate({ startDate: '2030-06-10' }, '2030-06-30', limits)).toEqual({
      startDate: '2030-06-10',
      endDate: '2030-06-14',
    });
  });

  it('starts over when the second click is before the start', () => {
    expect(pickDate({ startDate: '2030-06-10' }, '2030-06-08', limits)).toEqual({ startDate: '2030-06-08' });
  });

  it('starts over after a finished range', () => {
    expect(pickDate({ startDate: '2030-06-10', endDate: '2030-06-12' }, '2030-06-20', limits)).toEqual({
      startDate: '2030-06-20',
    });
  });
});
