import { describe, expect, it } from 'vitest';
import { formatRating, starsFor } from './rating.ts';

describe('five stars with halves', () => {
  it.each([
    [null, ['empty', 'empty', 'empty', 'empty', 'empty']],
    [5, ['full', 'full', 'full', 'full', 'full']],
    [4.5, ['full', 'full', 'full', 'full', 'half']],
    [4.3, ['full', 'full', 'full', 'full', 'half']],
    [4.2, ['full', 'full', 'full', 'full', 'empty']],
    [3.75, ['full', 'full', 'full', 'full', 'empty']],
    [1, ['full', 'empty', 'empty', 'empty', 'empty']],
    [0.5, ['half', 'empty', 'empty', 'empty', 'empty']],
  ])('%s', (rating, stars) => {
    expect(starsFor(rating)).toEqual(stars);
  });

  it('labels unrated owners', () => {
    expect(formatRating(null)).toBe('No ratings yet');
    expect(formatRating(4.25)).toBe('4.3');
  });
});
