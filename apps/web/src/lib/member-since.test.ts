import { describe, expect, it } from 'vitest';
import { memberSince } from './member-since.ts';

describe('memberSince', () => {
  it('names the month and year in London', () => {
    expect(memberSince('2026-03-14T10:00:00.000Z')).toBe('Member since March 2026');
  });

  it('uses the London month for a sign-up just before midnight UTC at the end of a summer month', () => {
    // 23:30 UTC on 31 May is 00:30 on 1 June in London (BST).
    expect(memberSince('2026-05-31T23:30:00.000Z')).toBe('Member since June 2026');
  });

  it('says only "Member" when the date cannot be read', () => {
    expect(memberSince('not a date')).toBe('Member');
  });
});
