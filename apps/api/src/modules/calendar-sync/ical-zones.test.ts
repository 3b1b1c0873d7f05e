import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBusyDays } from './ical-reader.ts';

/**
 * Exports in the shapes Outlook (Windows zone names with VTIMEZONE blocks), Google (UTC times, IANA
 * TZIDs, all-day dates) and Apple iCloud (IANA TZIDs with VTIMEZONE blocks, X-APPLE properties)
 * write, hand-made in fixtures/. Each comment gives the event's time in its zone, in UTC and in London.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const window = { today: '2026-03-01', until: '2027-09-01' };
const day = (date: string) => ({ startDate: date, endDate: date });
const days = (startDate: string, endDate: string) => ({ startDate, endDate });
const vcalendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT'];

describe('time zones of real calendar exports, on London days', () => {
  it('Outlook: Windows zone names through their VTIMEZONE or, without one, CLDR, and its display names', () => {
    expect(readBusyDays(fixture('outlook.ics'), window)).toEqual({
      busy: [
        // 20:00-23:00 Pacific on 10 March (PDT since 8 March) is 03:00-06:00 on the 11th in London.
        day('2026-03-11'),
        // 16:30-17:30 PDT on 27 March is 23:30-00:30 GMT: across London's midnight only because of the zone...
        days('2026-03-27', '2026-03-28'),
        // ...and the same time on the 31st, after London's clocks went forward on the 29th, is 00:30-01:30 BST on 1 April.
        day('2026-04-01'),
        // 09:00 'GMT Standard Time' (its VTIMEZONE: BST in April) is 09:00 London.
        day('2026-04-15'),
        // '(UTC-08:00) Pacific Time (US & Canada)' 18:00 PDT on 10 June is 02:00 BST on the 11th.
        day('2026-06-11'),
        // 'AUS Eastern Standard Time' (no VTIMEZONE) 07:30 AEST on 10 July is 22:30 BST on the 9th.
        day('2026-07-09'),
        // 'Romance Standard Time' 23:00-00:30 CEST is 22:00-23:30 BST: the 5th only (read as London it would block the 6th too).
        day('2026-08-05'),
        // All day, 1 and 2 September; the free (TRANSP:TRANSPARENT) event on the 15th is not busy.
        days('2026-09-01', '2026-09-02'),
        // 'Eastern Standard Time' 19:30-20:30 EDT on 27 October: London is back on GMT, New York not yet: 23:30-00:30.
        days('2026-10-27', '2026-10-28'),
      ],
      repeatingIgnored: 0,
      unknownZones: [],
    });
  });

  it('Google: UTC times across both of London clock changes, IANA TZIDs and all-day dates', () => {
    expect(readBusyDays(fixture('google.ics'), window)).toEqual({
      busy: [
        // 23:00Z on 28 March to 01:30Z: 23:00 GMT to 02:30 BST (the clocks went forward at 01:00Z).
        days('2026-03-28', '2026-03-29'),
        // 23:30Z on 24 October to 00:30Z is 00:30-01:30 BST on the 25th (the clocks go back at 01:00Z).
        day('2026-10-25'),
        // America/New_York 19:30-20:30 EDT on 27 October is 23:30-00:30 GMT.
        days('2026-10-27', '2026-10-28'),
        // Asia/Tokyo 08:00-09:00 on 15 November is 23:00-00:00 GMT on the 14th: it ends at midnight.
        day('2026-11-14'),
        days('2026-11-20', '2026-11-21'),
      ],
      repeatingIgnored: 0,
      unknownZones: [],
    });
  });

  it('Apple iCloud: IANA TZIDs with VTIMEZONE blocks, one with a rule that ended in 2006', () => {
    expect(readBusyDays(fixture('apple.ics'), window)).toEqual({
      busy: [
        // America/Los_Angeles 16:30-17:30 PDT on 20 March is 23:30-00:30 GMT.
        days('2026-03-20', '2026-03-21'),
        // Europe/Paris 00:30-01:30 CEST on 25 October, before its clocks go back, is 23:30 BST on the 24th to 00:30.
        days('2026-10-24', '2026-10-25'),
        // The same on the 29th, after the change, is 23:30 GMT on the 28th to 00:30.
        days('2026-10-28', '2026-10-29'),
        day('2026-11-02'),
      ],
      repeatingIgnored: 0,
      unknownZones: [],
    });
  });

  it("uses the calendar's own VTIMEZONE for a TZID no name matches, and its rules rather than the name's", () => {
    const text = vcalendar(
      'BEGIN:VTIMEZONE',
      'TZID:Customized Time Zone',
      'BEGIN:STANDARD',
      'DTSTART:16010101T000000',
      'TZOFFSETFROM:+0530',
      'TZOFFSETTO:+0530',
      'END:STANDARD',
      'END:VTIMEZONE',
      // A definition that disagrees with the name: the calendar's own definition is what its times mean.
      'BEGIN:VTIMEZONE',
      'TZID:Europe/London',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:-1000',
      'TZOFFSETTO:-1000',
      'END:STANDARD',
      'END:VTIMEZONE',
      // 03:00 at +05:30 on 10 May is 21:30 UTC on the 9th, 22:30 BST.
      ...event('custom@x', 'DTSTART;TZID=Customized Time Zone:20260510T030000', 'DTEND;TZID=Customized Time Zone:20260510T040000'),
      // 20:00 at -10:00 on 1 June is 06:00 UTC on the 2nd.
      ...event('defined@x', 'DTSTART;TZID=Europe/London:20260601T200000', 'DTEND;TZID=Europe/London:20260601T210000'),
    );
    expect(readBusyDays(text, window)).toEqual({ busy: [day('2026-05-09'), day('2026-06-02')], repeatingIgnored: 0, unknownZones: [] });
  });

  it('reads prefixed ids by the IANA name they end in', () => {
    const text = vcalendar(
      // 23:30 in Paris on 1 July is 22:30 in London.
      ...event('a@x', 'DTSTART;TZID=/Europe/Paris:20260701T233000', 'DURATION:PT20M'),
      ...event('b@x', 'DTSTART;TZID=/mozilla.org/20050126_1/America/New_York:20260801T200000', 'DURATION:PT1H'),
      ...event('c@x', 'DTSTART;TZID="/softwarestudio.org/Olson_20011030_5/Asia/Tokyo":20260901T080000', 'DURATION:PT30M'),
    );
    // New York 20:00 EDT is 01:00 BST on the 2nd; Tokyo 08:00 is 00:00 BST on 1 September.
    expect(readBusyDays(text, window).busy).toEqual([day('2026-07-01'), day('2026-08-02'), day('2026-09-01')]);
  });

  it('keeps a repeating event at its time in its own zone: a weekly Pacific meeting moves a London day with the clocks', () => {
    const text = vcalendar(
      // Mondays 16:30-17:00 Pacific: 00:30 GMT on Tuesday while Pacific is on PST, 23:30 on Monday once it is on PDT
      // (8 March 2026), and 00:30 BST on Tuesday again once London is on BST (29 March).
      ...event(
        'weekly@x',
        'DTSTART;TZID=Pacific Standard Time:20260302T163000',
        'DTEND;TZID=Pacific Standard Time:20260302T170000',
        'RRULE:FREQ=WEEKLY;COUNT=5',
      ),
    );
    expect(readBusyDays(text, window).busy).toEqual([
      day('2026-03-03'),
      day('2026-03-09'),
      day('2026-03-16'),
      day('2026-03-23'),
      day('2026-03-31'),
    ]);
  });

  it('names the zones it cannot read, and blocks the day before and after their events, where they may fall', () => {
    const text = vcalendar(
      ...event('a@x', 'DTSTART;TZID=Mars Standard Time:20260710T120000', 'DTEND;TZID=Mars Standard Time:20260710T130000'),
      ...event('b@x', 'DTSTART;TZID="(UTC+04:30) Somewhere":20260801T120000', 'DURATION:PT1H'),
      ...event('c@x', 'DTSTART;TZID=Mars Standard Time:20260901T120000', 'DURATION:PT1H'),
      // A VTIMEZONE that cannot be read (no offsets) is no help either.
      'BEGIN:VTIMEZONE',
      'TZID:Broken',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'END:STANDARD',
      'END:VTIMEZONE',
      ...event('d@x', 'DTSTART;TZID=Broken:20261001T120000', 'DURATION:PT1H'),
    );
    expect(readBusyDays(text, window)).toEqual({
      busy: [
        days('2026-07-09', '2026-07-11'),
        days('2026-07-31', '2026-08-02'),
        days('2026-08-31', '2026-09-02'),
        days('2026-09-30', '2026-10-02'),
      ],
      repeatingIgnored: 0,
      unknownZones: ['Mars Standard Time', '(UTC+04:30) Somewhere', 'Broken'],
    });
  });
});
