import { describe, expect, it } from 'vitest';
import { kindFigures, median, type StatementTiming } from './generic-plans.ts';

const timing = (bestMs: number, medianMs: number): StatementTiming => ({ path: '/x', mode: 'prepared', firstMs: 9, bestMs, medianMs });

describe('the generic-plan figures of a kind', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('gives the lowest best, the median of the medians and the highest median', () => {
    expect(kindFigures([timing(1, 2), timing(0.5, 9.123), timing(3, 4)])).toEqual({ bestMs: 0.5, medianMs: 4, worstMedianMs: 9.12 });
  });
});
