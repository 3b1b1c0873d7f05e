import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { todayInLondon } from '@toolshed/core';
import { buildCalendar } from '../account/ical.ts';
import { CalendarFormatError, MAX_READ_STEPS, readBusyDays, readBusyDaysInSlices } from './ical-reader.ts';
import { WorkBudget } from './work-budget.ts';

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
      // A Windows zone name (Outlook's): GMT Standard Time is London's (CLDR windowsZones).
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
      unknownZones: [],
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
      unknownZones: [],
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

describe('line endings, counts and years as calendars write them', () => {
  it('accepts bare CR line endings, and CRLF, LF and CR mixed in one file, and names lines as they count', () => {
    const lines = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:cr@x',
      'DTSTART;VALUE=DATE:20260710',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ];
    expect(read(lines.join('\r')).busy).toEqual([{ startDate: '2026-07-10', endDate: '2026-07-10' }]);
    const mixed =
      'BEGIN:VCALENDAR\rVERSION:2.0\r\nBEGIN:VEVENT\nUID:mixed@x\rDTSTART;VALUE=DA\r TE:20260711\r\nDTEND;VALUE=DATE:20260713\nEND:VEVENT\rEND:VCALENDAR\r\n';
    expect(read(mixed).busy).toEqual([{ startDate: '2026-07-11', endDate: '2026-07-12' }]);
    expect(errorOf('BEGIN:VCALENDAR\rVERSION:2.0\r\nnot a property\nEND:VCALENDAR\r')).toBe('Line 3 is not valid iCalendar');
  });

  it('keeps what fits in the window of a COUNT above 9,999, counting the occurrences before it', () => {
    // Every day from 1 January 2000, 9,700 times: the last is 22 July 2026.
    expect(read(calendar(['UID:c@x', 'DTSTART;VALUE=DATE:20000101', 'RRULE:FREQ=DAILY;COUNT=9700'])).busy).toEqual([
      { startDate: '2026-07-01', endDate: '2026-07-22' },
    ]);
    // 10,000 and more: every occurrence in the window, the rest never reached.
    for (const count of ['10000', '4294967296', '99999999999999999999999']) {
      const weekly = read(calendar(['UID:w@x', 'DTSTART;VALUE=DATE:20260706', `RRULE:FREQ=WEEKLY;COUNT=${count}`]));
      expect(weekly.busy).toHaveLength(104);
      expect(weekly.busy.at(-1)).toEqual({ startDate: '2028-06-26', endDate: '2028-06-26' });
    }
    expect(errorOf(calendar(['UID:z@x', 'DTSTART;VALUE=DATE:20260706', 'RRULE:FREQ=WEEKLY;COUNT=0']))).toBe(
      'Line 7: RRULE is not a valid repeat rule',
    );
  });

  it('reads years 0001-0099 as written, not as 19xx: such old events lie outside the window', () => {
    expect(
      read(
        calendar(
          ['UID:a@x', 'DTSTART;VALUE=DATE:00500710', 'DTEND;VALUE=DATE:00500712'],
          ['UID:b@x', 'DTSTART:00500710T100000Z', 'DTEND:00500710T110000Z'],
          ['UID:c@x', 'DTSTART;VALUE=DATE:00990710', 'DURATION:P3D'],
        ),
      ),
    ).toEqual({ busy: [], repeatingIgnored: 0, unknownZones: [] });
    // 10 July 50 was a Sunday (10 July 1950 a Monday): weekly from it, the Sundays of July 2026.
    expect(read(calendar(['UID:w@x', 'DTSTART;VALUE=DATE:00500710', 'RRULE:FREQ=WEEKLY;UNTIL=20260720'])).busy).toEqual([
      { startDate: '2026-07-05', endDate: '2026-07-05' },
      { startDate: '2026-07-12', endDate: '2026-07-12' },
      { startDate: '2026-07-19', endDate: '2026-07-19' },
    ]);
    // Yearly from the year 50, 1,977 times: the last in 2026 (from 1950 it would go on to 3926).
    expect(read(calendar(['UID:y@x', 'DTSTART:00500710T100000Z', 'RRULE:FREQ=YEARLY;COUNT=1977'])).busy).toEqual([
      { startDate: '2026-07-10', endDate: '2026-07-10' },
    ]);
  });
});

describe('the work a calendar may take', () => {
  const window18 = { today: '2026-07-01', until: '2028-01-01' };
  const since1900 = (events: number) =>
    calendar(
      ...Array.from({ length: events }, (_, i) => [
        `UID:old-${i}@x`,
        'DTSTART;TZID=Europe/Paris:19000101T100000',
        'DTEND;TZID=Europe/Paris:19000101T110000',
        'RRULE:FREQ=DAILY',
      ]),
    );

  it('a daily event from 1900 costs the days of the window, not the 46,000 days since it began', () => {
    for (const events of [1, 4]) {
      const budget = new WorkBudget(MAX_READ_STEPS);
      expect(readBusyDays(since1900(events), { ...window18, budget })).toEqual({
        busy: [{ startDate: '2026-07-01', endDate: '2027-12-31' }],
        repeatingIgnored: 0,
        unknownZones: [],
      });
      // Per event: the 552 days from two days before today to the day after the window, and their 20 months.
      expect(budget.used).toBe(events * (552 + 20));
    }
  });

  it('refuses a calendar whose repeating events need more than its budget, with a message', () => {
    expect(() => readBusyDays(since1900(4), { ...window18, budget: new WorkBudget(2_000) })).toThrow(
      new CalendarFormatError('The calendar has too many repeating events to read (more than 2,000 occurrences)'),
    );
    // 200 events every day are 114,400 steps: more than a calendar may take.
    expect(() => readBusyDays(since1900(200), window18)).toThrow(
      'The calendar has too many repeating events to read (more than 100,000 occurrences)',
    );
    // RDATEs count too, each an occurrence.
    const dates = Array.from({ length: 3_000 }, (_, i) => `2027${String((i % 12) + 1).padStart(2, '0')}01`).join(',');
    expect(() =>
      readBusyDays(calendar(['UID:r@x', 'DTSTART;VALUE=DATE:20260706', `RDATE;VALUE=DATE:${dates}`]), {
        ...window18,
        budget: new WorkBudget(2_500),
      }),
    ).toThrow('more than 2,500 occurrences');
    // And EXDATEs, each read and remembered.
    expect(() =>
      readBusyDays(calendar(['UID:x@x', 'DTSTART;VALUE=DATE:20260706', 'RRULE:FREQ=WEEKLY', `EXDATE;VALUE=DATE:${dates}`]), {
        ...window18,
        budget: new WorkBudget(2_500),
      }),
    ).toThrow('more than 2,500 occurrences');
  });

  it("keeps each zone's offsets right on the days they change, as Intl says", () => {
    // 19:30 in New York each day of March 2027: the US moves its clocks on the 14th, the UK on the
    // 28th. Before the 14th it is 00:30 the next day in London, from the 14th 23:30 the same day, and
    // from the 28th 00:30 the next day again: the 28th itself stays free.
    const text = calendar(['UID:ny@x', 'DTSTART;TZID=America/New_York:20270310T193000', 'DURATION:PT30M', 'RRULE:FREQ=DAILY;COUNT=21']);
    expect(read(text).busy).toEqual([
      { startDate: '2027-03-11', endDate: '2027-03-27' },
      { startDate: '2027-03-29', endDate: '2027-03-31' },
    ]);
    // Any instant, around the clock changes and far from them, falls on the London day core says.
    const change = Date.parse('2026-10-25T01:00:00Z');
    const instant = fc.oneof(
      fc.integer({ min: change - 86_400_000, max: change + 86_400_000 }),
      fc.integer({ min: Date.parse('2026-07-01T00:00:00Z'), max: Date.parse('2028-06-30T00:00:00Z') }),
    );
    fc.assert(
      fc.property(instant, (at) => {
        const utc = new Date(Math.floor(at / 1000) * 1000).toISOString().replace(/[-:]|\.000/g, '');
        const day = todayInLondon(new Date(Math.floor(at / 1000) * 1000));
        expect(read(calendar(['UID:t@x', `DTSTART:${utc}`])).busy).toEqual([{ startDate: day, endDate: day }]);
      }),
      { numRuns: 300 },
    );
  });

  it('in slices, lets other work run between them, and gives up after its time limit', async () => {
    const text = since1900(20);
    // Other work: a callback that runs at every turn of the event loop, as a request's would.
    let otherWork = 0;
    let turn: NodeJS.Immediate | undefined;
    const spin = () => {
      otherWork += 1;
      turn = setImmediate(spin);
    };
    spin();
    let now = 0;
    // A clock that moves 1 ms each time it is read: slices of 8 ms are a few pauses' worth of work.
    const clock = () => (now += 1);
    try {
      const sliced = await readBusyDaysInSlices(text, window18, { sliceMs: 8, clock });
      expect(sliced).toEqual(readBusyDays(text, window18));
      // 20 events of 572 steps, a pause every 256 steps or so and a slice every 7 pauses: 6 slices or more.
      expect(otherWork).toBeGreaterThanOrEqual(6);
      await expect(readBusyDaysInSlices(text, window18, { sliceMs: 8, timeLimitMs: 20, clock })).rejects.toThrow(
        new CalendarFormatError('The calendar took longer than 0.02 s to read'),
      );
    } finally {
      clearImmediate(turn);
    }
  });
});
