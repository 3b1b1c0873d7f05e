import { describe, expect, it } from 'vitest';
import { claimsSummary, lendingsSummary, returnsSummary, verifiedBadges } from './track-record.ts';

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

  it("says 'Not borrowed yet' for a member who has lent but never borrowed, not 'No rentals yet' beside 'Lent once'", () => {
    expect(returnsSummary({ rentalsCompleted: 0, returnedOnTime: 0, lendingsCompleted: 1 })).toBe('Not borrowed yet');
    expect(returnsSummary({ rentalsCompleted: 0, returnedOnTime: 0, lendingsCompleted: 0 })).toBe('No rentals yet');
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

  it.each([
    [0, 14, 0, 'No claims upheld'],
    [0, 0, 3, 'No claims upheld'],
    [1, 5, 0, '1 claim upheld against them'],
    [3, 9, 2, '3 claims upheld against them'],
    // A claim for a tool never returned is upheld before any rental is completed.
    [1, 0, 0, '1 claim upheld against them'],
    [0, 0, 0, null],
  ])('%i claims upheld, %i rentals, %i lendings: %s', (claimsUpheldAgainst, rentalsCompleted, lendingsCompleted, words) => {
    expect(claimsSummary({ claimsUpheldAgainst, rentalsCompleted, lendingsCompleted })).toBe(words);
  });

  it('speaks to the member on their own profile', () => {
    expect(claimsSummary({ claimsUpheldAgainst: 2, rentalsCompleted: 4, lendingsCompleted: 0 }, 'you')).toBe('2 claims upheld against you');
    expect(claimsSummary({ claimsUpheldAgainst: 0, rentalsCompleted: 4, lendingsCompleted: 0 }, 'you')).toBe('No claims upheld');
  });
});
