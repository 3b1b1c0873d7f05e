import { describe, expect, it } from 'vitest';
import { lendingsSummary, returnsSummary, verifiedBadges } from './track-record.ts';

describe('track record in words', () => {
  it.each([
    [0, 0, 'No rentals yet'],
    [1, 1, '1 rental, returned on time'],
    [14, 14, '14 rentals, all returned on time'],
    [3, 2, '3 rentals, 2 returned on time'],
    [1, 0, '1 rental, 0 returned on time'],
  ])('%i rentals, %i on time: %s', (rentalsCompleted, returnedOnTime, words) => {
    expect(returnsSummary({ rentalsCompleted, returnedOnTime })).toBe(words);
  });

  it.each([
    [0, null],
    [1, 'Lent once'],
    [9, 'Lent 9 times'],
  ])('%i lendings: %s', (lendingsCompleted, words) => {
    expect(lendingsSummary({ lendingsCompleted })).toBe(words);
  });

  it.each([
    [true, true, ['Email verified', 'Phone verified']],
    [true, false, ['Email verified']],
    [false, true, ['Phone verified']],
    [false, false, []],
  ])('email verified %s, phone verified %s: %j', (emailVerified, phoneVerified, badges) => {
    expect(verifiedBadges({ emailVerified, phoneVerified })).toEqual(badges);
  });
});
