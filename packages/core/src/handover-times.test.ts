import { describe, expect, it } from 'vitest';
import {
  clockTime,
  DEFAULT_HANDOVER_HOURS,
  handoverHoursProblem,
  handoverRangeProblems,
  handoverHoursLines,
  handoverInstant,
  handoverSlots,
  handoverTimeProblem,
  londonTimeExists,
  parseClockTime,
  weekdayOf,
} from './handover-times.ts';

const h = (hh: number, mm = 0) => hh * 60 + mm;

describe('clock times', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['23:30', 1410],
  ])('reads %s as %i minutes and back', (text, minutes) => {
    expect(parseClockTime(text)).toBe(minutes);
    expect(clockTime(minutes)).toBe(text);
  });

  it.each(['9:30', '24:00', '12:60', 'noon', ''])('refuses %j', (text) => expect(parseClockTime(text)).toBeNull());

  it('names weekdays from Sunday (0)', () => {
    expect(weekdayOf('2026-06-07')).toBe(0);
    expect(weekdayOf('2026-06-13')).toBe(6);
  });
});

describe('handoverHoursProblem', () => {
  it('accepts the default and split days', () => {
    expect(handoverHoursProblem(DEFAULT_HANDOVER_HOURS)).toBeNull();
    expect(
      handoverHoursProblem([
        { weekday: 1, opensMinutes: h(7), closesMinutes: h(9) },
        { weekday: 1, opensMinutes: h(17, 30), closesMinutes: h(24) },
      ]),
    ).toBeNull();
  });

  it.each([
    [[{ weekday: 7, opensMinutes: h(8), closesMinutes: h(9) }], 'Weekdays run'],
    [[{ weekday: 2, opensMinutes: h(8, 15), closesMinutes: h(9) }], 'Tuesday: times go in steps of 30 minutes'],
    [[{ weekday: 3, opensMinutes: h(10), closesMinutes: h(10) }], 'Wednesday: the closing time must be after'],
    [[{ weekday: 4, opensMinutes: h(20), closesMinutes: h(24, 30) }], 'Thursday: times must be within the day'],
    [
      [
        { weekday: 5, opensMinutes: h(8), closesMinutes: h(12) },
        { weekday: 5, opensMinutes: h(11, 30), closesMinutes: h(14) },
      ],
      'Friday: the time ranges overlap',
    ],
  ])('refuses %j', (ranges, message) => expect(handoverHoursProblem(ranges)).toContain(message));
});

describe('handoverRangeProblems', () => {
  it('names each range in trouble and which end of it, for the form to show under it', () => {
    const ranges = [
      { weekday: 1, opensMinutes: h(17), closesMinutes: h(19) },
      { weekday: 1, opensMinutes: h(8), closesMinutes: h(10) },
      { weekday: 1, opensMinutes: h(9, 30), closesMinutes: h(11) },
      { weekday: 2, opensMinutes: h(12), closesMinutes: h(9) },
    ];
    expect(handoverRangeProblems(ranges)).toEqual([
      { index: 3, field: 'closes', message: 'Tuesday: the closing time must be after the opening time.' },
      { index: 2, field: 'opens', message: 'Monday: the time ranges overlap.' },
    ]);
    expect(handoverRangeProblems(ranges.slice(0, 2))).toEqual([]);
  });

  it('refuses a fifth range on one day on the fifth by its opening time', () => {
    const five = [0, 2, 4, 6, 8].map((from, i) => ({ weekday: 6, opensMinutes: h(from + 1), closesMinutes: h(from + 2), i }));
    expect(handoverRangeProblems(five.reverse())).toEqual([
      { index: 0, field: 'opens', message: 'Saturday: at most 4 time ranges a day.' },
    ]);
  });
});

describe('handoverSlots', () => {
  it('offers 30-minute slots inside the hours, the last ending at closing', () => {
    // 2026-06-08 is a Monday.
    expect(handoverSlots('2026-06-08', [{ weekday: 1, opensMinutes: h(9), closesMinutes: h(11) }]).map(clockTime)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
    ]);
  });

  it('offers nothing on a weekday without hours when the owner set some', () => {
    expect(handoverSlots('2026-06-09', [{ weekday: 1, opensMinutes: h(9), closesMinutes: h(11) }])).toEqual([]);
  });

  it('uses 08:00 to 20:00 when the owner set no hours', () => {
    const slots = handoverSlots('2026-06-09', []);
    expect(slots[0]).toBe(h(8));
    expect(slots.at(-1)).toBe(h(19, 30));
    expect(slots).toHaveLength(24);
  });

  it('never offers a time skipped when the clocks go forward', () => {
    // 29 March 2026 is a Sunday: London goes from 01:00 to 02:00.
    const night = [{ weekday: 0, opensMinutes: 0, closesMinutes: h(3) }];
    expect(londonTimeExists('2026-03-29', h(1, 30))).toBe(false);
    expect(handoverSlots('2026-03-29', night).map(clockTime)).toEqual(['00:00', '00:30', '02:00', '02:30']);
    // A week later every slot exists.
    expect(handoverSlots('2026-04-05', night)).toHaveLength(6);
  });

  it('offers the repeated hour once when the clocks go back', () => {
    // 25 October 2026 is a Sunday: 01:00 to 02:00 happens twice.
    const night = [{ weekday: 0, opensMinutes: h(1), closesMinutes: h(2) }];
    expect(handoverSlots('2026-10-25', night).map(clockTime)).toEqual(['01:00', '01:30']);
  });
});

describe('handoverTimeProblem and handoverInstant', () => {
  const hours = [{ weekday: 1, opensMinutes: h(9), closesMinutes: h(11) }];

  it('takes only an offered slot', () => {
    expect(handoverTimeProblem('pickup', '2026-06-08', h(10, 30), hours)).toBeNull();
    expect(handoverTimeProblem('pickup', '2026-06-08', h(11), hours)).toBe(
      "The pick-up time 11:00 is not one of the owner's handover times on that day. Please choose another.",
    );
    expect(handoverTimeProblem('return', '2026-06-08', h(9, 15), hours)).toContain('The return time 09:15');
  });

  it('turns a London slot into its instant, summer and winter', () => {
    expect(handoverInstant('2026-06-08', h(9, 30)).toISOString()).toBe('2026-06-08T08:30:00.000Z');
    expect(handoverInstant('2026-12-07', h(9, 30)).toISOString()).toBe('2026-12-07T09:30:00.000Z');
  });
});

describe('handoverHoursLines', () => {
  it('groups consecutive days with the same hours, Monday first, leaving out days without any', () => {
    const weekdays = [1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, opens: '17:00', closes: '19:00' },
      { weekday, opens: '08:00', closes: '10:00' },
    ]);
    const lines = handoverHoursLines([...weekdays, { weekday: 6, opens: '09:00', closes: '12:00' }]);
    expect(lines.map((l) => `${l.days} ${l.times.join(', ')}`).join('; ')).toBe('Mon–Fri 08:00–10:00, 17:00–19:00; Sat 09:00–12:00');
    expect(lines.map((l) => l.daysInFull)).toEqual(['Monday to Friday', 'Saturday']);
  });

  it('does not join days with a day off between them, and puts Sunday last', () => {
    const lines = handoverHoursLines([
      { weekday: 0, opens: '10:00', closes: '12:00' },
      { weekday: 1, opens: '10:00', closes: '12:00' },
      { weekday: 3, opens: '10:00', closes: '12:00' },
    ]);
    expect(lines.map((l) => l.days)).toEqual(['Mon', 'Wed', 'Sun']);
  });
});
