import { describe, expect, it } from 'vitest';
import { buildCalendar } from '../account/ical.ts';
import { CalendarFormatError, readBusyDays } from './ical-reader.ts';

const window = { today: '2026-07-01', until: '2028-07-01' };
const calendar = (...events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n') + '\r\n';
const read = (text: string) => readBusyDays(text, window);
const errorOf = (text: string) => {
  try {
    read(text);
  } catch (err) {
    expect(err).toBeInstanceOf(CalendarFormatError);
    return (err as Error).message;
  }
  throw new Error('expected an error');
};

describe('reading busy days from iCalendar', () => {
  it('reads all-day events with an exclusive DTEND, and a one-day event without one', () => {
    const text = calendar(
      ['UID:a@x', 'DTSTART;VALUE=DATE:20260710', 'DTEND;VALUE=DATE:20260713'],
      ['UID:b@x', 'DTSTART;VALUE=DATE:20260720'],
    );
    expect(read(text).busy).toEqual([
      { startDate: '2026-07-10', endDate: '2026-07-12' },
      { startDate: '2026-07-20', endDate: '2026-07-20' },
    ]);
  });

  it('converts UTC and TZID times to London days', () => {
    const text = calendar(
      // 23:30 UTC on 9 August is 00:30 on the 10th in London (BST).
      ['UID:utc@x', 'DTSTART:20260809T233000Z', 'DTEND:20260810T010000Z'],
      // 09:00-17:00 in New York is 14:00-22:00 in London.
      ['UID:ny@x', 'DTSTART;TZID=America/New_York:20260815T090000', 'DTEND;TZID=America/New_York:20260815T170000'],
      // 23:00-01:00 in Tokyo on the 20th/21st is 15:00-17:00 on the 20th in London.
      ['UID:tokyo@x', 'DTSTART;TZID="Asia/Tokyo":20260820T230000', 'DTEND;TZID="Asia/Tokyo":20260821T010000'],
      // In winter London is UTC: 23:30 UTC stays on the 1st.
      ['UID:winter@x', 'DTSTART:20261201T233000Z', 'DTEND:20261201T235900Z'],
    );
    expect(read(text).busy).toEqual([
      { startDate: '2026-08-10', endDate: '2026-08-10' },
      { startDate: '2026-08-15', endDate: '2026-08-15' },
      { startDate: '2026-08-20', endDate: '2026-08-20' },
      { startDate: '2026-12-01', endDate: '2026-12-01' },
    ]);
  });

  it('blocks every day a timed event touches, but not the day it ends at midnight, and uses DURATION', () => {
    const text = calendar(
      ['UID:a@x', 'DTSTART;TZID=Europe/London:20260901T180000', 'DTEND;TZID=Europe/London:20260903T090000'],
      ['UID:b@x', 'DTSTART;TZID=Europe/London:20260910T100000', 'DTEND;TZID=Europe/London:20260911T000000'],
      ['UID:c@x', 'DTSTART;VALUE=DATE:20260920', 'DURATION:P2D'],
      ['UID:d@x', 'DTSTART:20260925T220000Z', 'DURATION:PT3H'],
      // An unknown TZID is read as London time.
      ['UID:e@x', 'DTSTART;TZID=GMT Standard Time:20261005T100000', 'DTEND;TZID=GMT Standard Time:20261005T110000'],
    );
    expect(read(text).busy).toEqual([
      { startDate: '2026-09-01', endDate: '2026-09-03' },
      { startDate: '2026-09-10', endDate: '2026-09-10' },
      { startDate: '2026-09-20', endDate: '2026-09-21' },
      { startDate: '2026-09-25', endDate: '2026-09-26' },
      { startDate: '2026-10-05', endDate: '2026-10-05' },
    ]);
  });

  it('skips cancelled and free events, and our own feed by its UID domain', () => {
    const ours = buildCalendar({
      name: 'Toolshed rentals',
      now: new Date('2026-07-01T10:00:00Z'),
      events: [
        {
          uid: 'r1-owner@toolshed',
          startDate: '2026-07-05',
          endDate: '2026-07-06',
          summary: 'Lent out: Drill',
          description: '',
          url: 'http://x',
        },
      ],
    });
    expect(read(ours).busy).toEqual([]);
    const text = calendar(
      ['UID:a@x', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20260710'],
      ['UID:b@x', 'TRANSP:TRANSPARENT', 'DTSTART;VALUE=DATE:20260711'],
      ['UID:r2-renter@Toolshed', 'DTSTART;VALUE=DATE:20260712'],
      ['UID:c@x', 'STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'DTSTART;VALUE=DATE:20260713'],
    );
    expect(read(text).busy).toEqual([{ startDate: '2026-07-13', endDate: '2026-07-13' }]);
  });

  it('unfolds lines, accepts bare LF, ignores alarms and other components, and joins touching ranges', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/London',
      'BEGIN:STANDARD',
      'DTSTART:19701025T020000',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:folded@x',
      'SUMMARY:A very long summary that goes on and on and on and on and on and',
      '  on past the line limit',
      'DTSTART;VALUE=DA',
      ' TE:20260801',
      'DTEND;VALUE=DATE:20260803',
      'BEGIN:VALARM',
      'TRIGGER:-PT15M',
      'DTSTART:20200101T000000Z',
      'END:VALARM',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:next@x',
      'DTSTART;VALUE=DATE:20260803',
      'DTEND;VALUE=DATE:20260805',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\n');
    expect(read(text).busy).toEqual([{ startDate: '2026-08-01', endDate: '2026-08-04' }]);
  });

  it('keeps only days from today to the window end, and counts repeating events it does not expand', () => {
    const text = calendar(
      ['UID:past@x', 'DTSTART;VALUE=DATE:20260601', 'DTEND;VALUE=DATE:20260603'],
      ['UID:across@x', 'DTSTART;VALUE=DATE:20260629', 'DTEND;VALUE=DATE:20260703'],
      ['UID:far@x', 'DTSTART;VALUE=DATE:20300101'],
      // The first weekday of the month is a rule it does not read: its first occurrence only.
      ['UID:setpos@x', 'DTSTART;VALUE=DATE:20260706', 'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1'],
    );
    expect(read(text)).toEqual({
      busy: [
        { startDate: '2026-07-01', endDate: '2026-07-02' },
        { startDate: '2026-07-06', endDate: '2026-07-06' },
      ],
      repeatingIgnored: 1,
    });
  });

  it('names the line of a malformed content line, date or nesting', () => {
    expect(errorOf(calendar(['UID:a@x', 'this is not a property', 'DTSTART;VALUE=DATE:20260710']))).toBe('Line 6 is not valid iCalendar');
    expect(errorOf(calendar(['UID:a@x', 'DTSTART;X="unclosed:20260710']))).toBe('Line 6 is not valid iCalendar');
    expect(errorOf(calendar(['UID:a@x', 'DTSTART;VALUE=DATE:20260231']))).toBe('Line 6: DTSTART is not a valid date');
    expect(errorOf(calendar(['UID:a@x', 'DTSTART:2026-07-10']))).toBe('Line 6: DTSTART is not a valid date');
    expect(errorOf(calendar(['UID:a@x', 'DTSTART;VALUE=DATE:20260710', 'DTEND;VALUE=DATE:20260701']))).toBe(
      'Line 6: the event ends before it starts',
    );
    expect(errorOf(calendar(['UID:a@x']))).toBe('Line 4: the event has no DTSTART');
    expect(errorOf('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME;bad param:Mine\r\nEND:VCALENDAR\r\n')).toBe(
      'Line 3 is not valid iCalendar',
    );
    expect(errorOf('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(
      'Line 3: END:VCALENDAR does not close BEGIN:VEVENT of line 2',
    );
    expect(errorOf('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe('The calendar ends without END:VCALENDAR for line 1');
    expect(errorOf('<!doctype html><title>Sign in</title>')).toBe(
      'The address did not answer with an iCalendar file (it must start with BEGIN:VCALENDAR)',
    );
    expect(errorOf('')).toBe('The address did not answer with an iCalendar file (it is empty)');
  });
});

describe('repeating events', () => {
  const days = (text: string) => read(text).busy;

  it('a weekly rule with COUNT blocks each week, and one with UNTIL stops on that day', () => {
    expect(days(calendar(['UID:w@x', 'DTSTART;VALUE=DATE:20260706', 'RRULE:FREQ=WEEKLY;COUNT=3']))).toEqual([
      { startDate: '2026-07-06', endDate: '2026-07-06' },
      { startDate: '2026-07-13', endDate: '2026-07-13' },
      { startDate: '2026-07-20', endDate: '2026-07-20' },
    ]);
    // Weekends (Saturday and Sunday, a two-day event each Saturday) until 19 July inclusive.
    const weekends = calendar([
      'UID:we@x',
      'DTSTART;VALUE=DATE:20260704',
      'DTEND;VALUE=DATE:20260706',
      'RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=20260718',
    ]);
    expect(days(weekends)).toEqual([
      { startDate: '2026-07-04', endDate: '2026-07-05' },
      { startDate: '2026-07-11', endDate: '2026-07-12' },
      { startDate: '2026-07-18', endDate: '2026-07-19' },
    ]);
    // Every other week on Tuesday and Thursday, four times.
    const fortnightly = calendar(['UID:f@x', 'DTSTART;VALUE=DATE:20260707', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=4']);
    expect(days(fortnightly)).toEqual([
      { startDate: '2026-07-07', endDate: '2026-07-07' },
      { startDate: '2026-07-09', endDate: '2026-07-09' },
      { startDate: '2026-07-21', endDate: '2026-07-21' },
      { startDate: '2026-07-23', endDate: '2026-07-23' },
    ]);
  });

  it('an endless rule that began years ago blocks only the window, from today', () => {
    const text = calendar(['UID:d@x', 'DTSTART;VALUE=DATE:20200101', 'RRULE:FREQ=DAILY']);
    expect(days(text)).toEqual([{ startDate: '2026-07-01', endDate: '2028-06-30' }]);
  });

  it('monthly rules: the last Friday, the 31st (skipping shorter months), and yearly on a date', () => {
    expect(days(calendar(['UID:m@x', 'DTSTART;VALUE=DATE:20260731', 'RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=4']))).toEqual([
      { startDate: '2026-07-31', endDate: '2026-07-31' },
      { startDate: '2026-08-28', endDate: '2026-08-28' },
      { startDate: '2026-09-25', endDate: '2026-09-25' },
      { startDate: '2026-10-30', endDate: '2026-10-30' },
    ]);
    expect(days(calendar(['UID:31@x', 'DTSTART;VALUE=DATE:20260731', 'RRULE:FREQ=MONTHLY;COUNT=3']))).toEqual([
      { startDate: '2026-07-31', endDate: '2026-07-31' },
      { startDate: '2026-08-31', endDate: '2026-08-31' },
      { startDate: '2026-10-31', endDate: '2026-10-31' },
    ]);
    const christmas = calendar([
      'UID:y@x',
      'DTSTART;VALUE=DATE:20241225',
      'DTEND;VALUE=DATE:20241227',
      'RRULE:FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25',
    ]);
    expect(days(christmas)).toEqual([
      { startDate: '2026-12-25', endDate: '2026-12-26' },
      { startDate: '2027-12-25', endDate: '2027-12-26' },
    ]);
  });

  it("keeps each occurrence's time of day in its own zone across a clock change", () => {
    // 19:30 in New York on Saturday 31 October 2026 is 23:30 that Saturday in London (both on their
    // summer or winter time as they fall); a week later New York has moved its clocks and London has
    // not, so 19:30 there is 00:30 on Sunday in London.
    const text = calendar([
      'UID:ny@x',
      'DTSTART;TZID=America/New_York:20261031T193000',
      'DTEND;TZID=America/New_York:20261031T200000',
      'RRULE:FREQ=WEEKLY;COUNT=2',
    ]);
    expect(days(text)).toEqual([
      { startDate: '2026-10-31', endDate: '2026-10-31' },
      { startDate: '2026-11-08', endDate: '2026-11-08' },
    ]);
  });

  it('EXDATE removes an occurrence; an event with a RECURRENCE-ID moves one, and a cancelled one removes it', () => {
    const text = calendar(
      ['UID:r@x', 'DTSTART;VALUE=DATE:20260706', 'RRULE:FREQ=WEEKLY;COUNT=5', 'EXDATE;VALUE=DATE:20260713'],
      // The 20 July occurrence moved to Wednesday 22 July.
      ['UID:r@x', 'RECURRENCE-ID;VALUE=DATE:20260720', 'DTSTART;VALUE=DATE:20260722'],
      // The 27 July one cancelled.
      ['UID:r@x', 'RECURRENCE-ID;VALUE=DATE:20260727', 'DTSTART;VALUE=DATE:20260727', 'STATUS:CANCELLED'],
    );
    expect(days(text)).toEqual([
      { startDate: '2026-07-06', endDate: '2026-07-06' },
      { startDate: '2026-07-22', endDate: '2026-07-22' },
      { startDate: '2026-08-03', endDate: '2026-08-03' },
    ]);
    // Timed: EXDATE names the occurrence's own start time.
    const timed = calendar([
      'UID:t@x',
      'DTSTART;TZID=Europe/London:20260706T090000',
      'DURATION:PT1H',
      'RRULE:FREQ=DAILY;COUNT=3',
      'EXDATE;TZID=Europe/London:20260707T090000',
    ]);
    expect(days(timed)).toEqual([
      { startDate: '2026-07-06', endDate: '2026-07-06' },
      { startDate: '2026-07-08', endDate: '2026-07-08' },
    ]);
  });

  it('RDATE adds dates, with or without a rule', () => {
    const text = calendar(['UID:rd@x', 'DTSTART;VALUE=DATE:20260706', 'RDATE;VALUE=DATE:20260710,20260715', 'RDATE;VALUE=DATE:20260720']);
    expect(read(text)).toEqual({
      busy: [
        { startDate: '2026-07-06', endDate: '2026-07-06' },
        { startDate: '2026-07-10', endDate: '2026-07-10' },
        { startDate: '2026-07-15', endDate: '2026-07-15' },
        { startDate: '2026-07-20', endDate: '2026-07-20' },
      ],
      repeatingIgnored: 0,
    });
  });

  it('names the line of a rule that is not a rule', () => {
    expect(errorOf(calendar(['UID:bad@x', 'DTSTART;VALUE=DATE:20260706', 'RRULE:COUNT=3']))).toBe(
      'Line 7: RRULE is not a valid repeat rule',
    );
    expect(errorOf(calendar(['UID:bad@x', 'DTSTART;VALUE=DATE:20260706', 'RRULE:FREQ=WEEKLY;BYDAY=XX']))).toBe(
      'Line 7: RRULE is not a valid repeat rule',
    );
    expect(errorOf(calendar(['UID:bad@x', 'DTSTART;VALUE=DATE:20260706', 'RRULE:FREQ=DAILY;COUNT=2;UNTIL=20260801']))).toBe(
      'Line 7: RRULE is not a valid repeat rule',
    );
  });
});
