import { ianaZoneClock } from '@toolshed/core';
import { describe, expect, it } from 'vitest';
import type { ContentLine } from './ical-lines.ts';
import { WorkBudget } from './work-budget.ts';
import { vtimezoneClock, type Observance } from './vtimezone.ts';
import { createZoneResolver, zoneByName } from './zone-resolver.ts';

const HOUR = 3_600_000;
const line = (name: string, value: string): ContentLine => ({ name, params: {}, value, line: 1 });
const observance = (props: Record<string, string>, rdates: string[] = []): Observance => ({
  props: new Map(Object.entries(props).map(([k, v]) => [k, line(k, v)])),
  rdates: rdates.map((v) => line('RDATE', v)),
});
/** The VTIMEZONE Outlook writes for a Windows zone: both observances from 1601, one yearly rule each. */
const outlookZone = (tzid: string, standard: [string, string, string, string], daylight: [string, string, string, string]) => ({
  tzid,
  observances: [
    observance({ DTSTART: `16010101T${standard[0]}`, TZOFFSETFROM: standard[1], TZOFFSETTO: standard[2], RRULE: standard[3] }),
    observance({ DTSTART: `16010101T${daylight[0]}`, TZOFFSETFROM: daylight[1], TZOFFSETTO: daylight[2], RRULE: daylight[3] }),
  ],
});

/** Hour by hour from 2025 to 2029, the offsets a clock gives and Intl's for the zone it stands for. */
function differences(clock: { offsetMs(at: number): number }, iana: string): string[] {
  const intl = ianaZoneClock(iana)!;
  const wrong: string[] = [];
  for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2029, 0, 1); at += HOUR / 2) {
    if (clock.offsetMs(at) !== intl.offsetMs(at)) wrong.push(new Date(at).toISOString());
  }
  return wrong;
}

describe("a calendar's VTIMEZONE as a clock", () => {
  it('gives the offsets of the zone it describes, every half hour for four years, clock changes included', () => {
    const budget = new WorkBudget(100_000);
    const pacific = outlookZone(
      'Pacific Standard Time',
      ['020000', '-0700', '-0800', 'FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11'],
      ['020000', '-0800', '-0700', 'FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3'],
    );
    const berlin = outlookZone(
      'W. Europe Standard Time',
      ['030000', '+0200', '+0100', 'FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10'],
      ['020000', '+0100', '+0200', 'FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3'],
    );
    const sydney = outlookZone(
      'AUS Eastern Standard Time',
      ['030000', '+1100', '+1000', 'FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=4'],
      ['020000', '+1000', '+1100', 'FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=10'],
    );
    expect(differences(vtimezoneClock(pacific, budget)!, 'America/Los_Angeles')).toEqual([]);
    expect(differences(vtimezoneClock(berlin, budget)!, 'Europe/Berlin')).toEqual([]);
    expect(differences(vtimezoneClock(sydney, budget)!, 'Australia/Sydney')).toEqual([]);
  });

  it('reads RDATE onsets and a zone that never changes, and refuses observances it cannot read', () => {
    const budget = new WorkBudget(1_000);
    const once = vtimezoneClock(
      {
        tzid: 'Moved',
        observances: [observance({ DTSTART: '20000101T000000', TZOFFSETFROM: '+0100', TZOFFSETTO: '+0300' }, ['20260601T000000'])],
      },
      budget,
    )!;
    // Before its first onset a zone is at the offset it came from.
    expect(once.offsetMs(Date.UTC(1999, 0, 1)) / HOUR).toBe(1);
    expect(once.offsetMs(Date.UTC(2026, 0, 1)) / HOUR).toBe(3);
    expect(vtimezoneClock({ tzid: 'No offsets', observances: [observance({ DTSTART: '19700101T000000' })] }, budget)).toBeNull();
    expect(
      vtimezoneClock(
        {
          tzid: 'Hourly',
          observances: [observance({ DTSTART: '19700101T000000', TZOFFSETFROM: '+0000', TZOFFSETTO: '+0100', RRULE: 'FREQ=HOURLY' })],
        },
        budget,
      ),
    ).toBeNull();
    expect(vtimezoneClock({ tzid: 'Empty', observances: [] }, budget)).toBeNull();
  });
});

describe('zone names', () => {
  const offsetInJanuary = (name: string) => zoneByName(name)?.offsetMs(Date.UTC(2027, 0, 15)) ?? null;
  const offsetInJuly = (name: string) => zoneByName(name)?.offsetMs(Date.UTC(2027, 6, 15)) ?? null;

  it.each([
    ['GMT Standard Time', 'Europe/London'],
    ['W. Europe Standard Time', 'Europe/Berlin'],
    ['Pacific Standard Time', 'America/Los_Angeles'],
    ['Eastern Standard Time', 'America/New_York'],
    ['Central Standard Time', 'America/Chicago'],
    ['Romance Standard Time', 'Europe/Paris'],
    ['AUS Eastern Standard Time', 'Australia/Sydney'],
    ['Tokyo Standard Time', 'Asia/Tokyo'],
    ['India Standard Time', 'Asia/Calcutta'],
    ['Greenwich Standard Time', 'Atlantic/Reykjavik'],
    ['UTC', 'UTC'],
    ['Europe/Paris', 'Europe/Paris'],
    ['europe/paris', 'Europe/Paris'],
    ['US/Pacific', 'America/Los_Angeles'],
    ['/Europe/London', 'Europe/London'],
    ['/mozilla.org/20050126_1/Europe/Berlin', 'Europe/Berlin'],
    ['(UTC-08:00) Pacific Time (US & Canada)', 'America/Los_Angeles'],
    ['(UTC-05:00) Eastern Time (US & Canada)', 'America/New_York'],
    ['(UTC+00:00) Dublin, Edinburgh, Lisbon, London', 'Europe/Dublin'],
    ['(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna', 'Europe/Amsterdam'],
    ['(UTC+10:00) Canberra, Melbourne, Sydney', 'Australia/Canberra'],
    ['(GMT-08:00) Pacific Time (US & Canada); Tijuana', 'America/Los_Angeles'],
  ])('%s is read as %s', (name, iana) => {
    const expected = ianaZoneClock(iana)!;
    expect(offsetInJanuary(name)).toBe(expected.offsetMs(Date.UTC(2027, 0, 15)));
    expect(offsetInJuly(name)).toBe(expected.offsetMs(Date.UTC(2027, 6, 15)));
  });

  it('knows no zone by an unknown name, and a resolver lists each such name once', () => {
    expect(zoneByName('Mars Standard Time')).toBeNull();
    expect(zoneByName('(UTC+04:30) Somewhere')).toBeNull();
    expect(zoneByName('')).toBeNull();
    const zones = createZoneResolver(new Map(), new WorkBudget(10));
    expect(zones.resolve('Mars Standard Time')).toBeNull();
    expect(zones.resolve('Mars Standard Time')).toBeNull();
    expect(zones.resolve('Europe/London')).not.toBeNull();
    expect([...zones.unknown]).toEqual(['Mars Standard Time']);
  });
});
