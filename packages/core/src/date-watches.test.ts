import { describe, expect, it } from 'vitest';
import { dateSpan, dateWatchSavedSentence, itemDatesPath } from './date-watches.ts';

describe('dateSpan', () => {
  it.each([
    ['2027-03-02', '2027-03-02', '2 March'],
    ['2027-03-02', '2027-03-04', '2-4 March'],
    ['2027-03-30', '2027-04-02', '30 March-2 April'],
    ['2026-12-30', '2027-01-02', '30 December 2026-2 January 2027'],
  ])('%s to %s reads %s', (start, end, words) => {
    expect(dateSpan(start, end)).toBe(words);
  });

  it('makes the sentence the popup shows', () => {
    expect(dateWatchSavedSentence('2027-03-02', '2027-03-04')).toBe("We'll tell you if 2-4 March free up.");
  });
});

describe('itemDatesPath', () => {
  it('opens the popup over All Items with the dates as the browse filter carries them', () => {
    expect(itemDatesPath('a1b2', '2027-03-02', '2027-03-04')).toBe('/category/all/item/a1b2?startDate=2027-03-02&endDate=2027-03-04');
  });
});
