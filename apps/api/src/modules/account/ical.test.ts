import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine } from './ical.ts';
import { parseCalendar } from './test-ical-parser.ts';

describe('iCalendar writer', () => {
  it('writes all-day events with an exclusive end and escaped, folded text', () => {
    const name = 'Hedge trimmer, long; with "quotes" \\ and ünïcödé '.repeat(3);
    const text = buildCalendar({
      name: 'Toolshed',
      now: new Date('2026-06-01T09:00:00Z'),
      events: [
        {
          uid: 'r1@toolshed',
          startDate: '2026-06-30',
          endDate: '2026-07-01',
          summary: name,
          description: 'Line one\nLine two',
          url: 'http://localhost:3000/rentals/x-2026-06-30',
        },
      ],
    });
    const { calendar, events } = parseCalendar(text);
    expect(calendar['X-WR-CALNAME']).toBe('Toolshed');
    expect(events).toHaveLength(1);
    const e = events[0]!;
    expect(e.DTSTART).toEqual({ params: { VALUE: 'DATE' }, value: '20260630' });
    expect(e.DTEND).toEqual({ params: { VALUE: 'DATE' }, value: '20260702' });
    expect(e.DTSTAMP!.value).toBe('20260601T090000Z');
    expect(e.SUMMARY!.value).toBe(name);
    expect(e.DESCRIPTION!.value).toBe('Line one\nLine two');
  });

  it('escapes and folds by the rules', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine('X:' + 'é'.repeat(100));
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i === 0 ? l : l.slice(1)))
        .join(''),
    ).toBe('X:' + 'é'.repeat(100));
  });
});
