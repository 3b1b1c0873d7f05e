import { describe, expect, it } from 'vitest';
import { earliestRequestStart, formatRequestDeadline, requestAnswerText, requestExpiresAt, requestStartProblem } from './calendar-terms.ts';

const at = (iso: string) => new Date(iso);

describe('a request leaves its owner at least 12 hours to answer', () => {
  it.each([
    // [asked at (UTC), earliest start]  London is GMT in March, BST in June.
    ['2029-03-10T10:00:00.000Z', '2029-03-11'], // 14 hours to midnight
    ['2029-03-10T12:00:00.000Z', '2029-03-11'], // exactly 12 hours: enough
    ['2029-03-10T12:00:01.000Z', '2029-03-12'], // a second under
    ['2029-03-10T21:30:00.000Z', '2029-03-12'], // 2.5 hours to midnight: the next day after
    ['2029-06-10T10:59:00.000Z', '2029-06-11'], // 11:59 BST: midnight BST is 12h01 away
    ['2029-06-10T11:30:00.000Z', '2029-06-12'], // 12:30 BST: 11.5 hours in London time
    ['2029-03-10T00:30:00.000Z', '2029-03-11'],
  ])('asked at %s: from %s', (asked, earliest) => {
    expect(earliestRequestStart(at(asked))).toBe(earliest);
  });

  it('refuses a sooner start with a clear message naming the first date, and accepts that date', () => {
    const asked = at('2029-03-10T21:30:00.000Z');
    expect(requestStartProblem(asked, '2029-03-11', 'Ladder')).toBe(
      'Ladder is booked on request, and its owner needs at least 12 hours to answer: please choose a start date from 12 Mar 2029.',
    );
    expect(requestStartProblem(asked, '2029-03-10', 'Ladder')).not.toBeNull();
    expect(requestStartProblem(asked, '2029-03-12', 'Ladder')).toBeNull();
  });

  it('every allowed start gives the owner 12 hours or more before the request expires', () => {
    for (let minutes = 0; minutes < 48 * 60; minutes += 17) {
      const asked = new Date(Date.parse('2029-03-24T00:00:00.000Z') + minutes * 60_000); // across the clocks going forward
      const start = earliestRequestStart(asked);
      expect(requestExpiresAt(asked, start).getTime() - asked.getTime()).toBeGreaterThanOrEqual(12 * 3_600_000);
    }
  });

  it('says how long the owner has: 24 hours, or until the start when sooner', () => {
    expect(requestAnswerText(at('2029-03-10T10:00:00.000Z'), '2029-03-20')).toBe('the owner has 24 hours to accept');
    expect(requestAnswerText(at('2029-03-10T10:00:00.000Z'), '2029-03-11')).toBe('the owner has until 00:00 on 11 Mar 2029 to accept');
  });

  it('writes a deadline in London time, summer or winter', () => {
    expect(formatRequestDeadline(at('2029-03-11T21:30:00.000Z'))).toBe('21:30 on 11 Mar 2029');
    expect(formatRequestDeadline(at('2029-06-10T23:00:00.000Z'))).toBe('00:00 on 11 Jun 2029');
  });
});
