import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import { CALENDAR_IMPORT_MONTHS } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { startCalendarServer } from './calendar-test-server.ts';
import { monthsAfter } from './day-numbers.ts';

// London noon, so the calendar date is the same everywhere in the test.
const clock = new Date('2026-07-01T11:00:00Z');
const today = todayInLondon(clock);

/** `events` events every day at 10:00 in Paris since 1 January 1900, as the security probe sent them. */
const since1900 = (events: number, lineEnd = '\r\n') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    ...Array.from({ length: events }, (_, i) => [
      'BEGIN:VEVENT',
      `UID:daily-${i}@elsewhere.example`,
      'DTSTART;TZID=Europe/Paris:19000101T100000',
      'DTEND;TZID=Europe/Paris:19000101T110000',
      'RRULE:FREQ=DAILY',
      'END:VEVENT',
    ]).flat(),
    'END:VCALENDAR',
    '',
  ].join(lineEnd);

describe('calendar import: the window read and the work it may take', () => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof startCalendarServer>>;
  const mailer = createMemoryMailer();
  let owner: { cookie: string; user: { id: string } };

  beforeAll(async () => {
    server = await startCalendarServer();
    ctx = await createTestApp({ mailer, now: () => clock, env: { CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' } });
    await insertCategories(ctx.database.db);
    owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  const sources = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/me/calendar-sources', headers: { cookie: owner.cookie, origin: ORIGIN } })).json()
      .sources as Array<{ url: string; lastError: string | null; busyPeriods: number }>;
  const booked = async (itemId: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/items/${itemId}` })).json().bookedRanges as Array<{
      startDate: string;
      endDate: string;
    }>;

  it(`imports daily events from 1900 over the next ${CALENDAR_IMPORT_MONTHS} months, and refuses one that needs too much work`, async () => {
    const item = await createItem(ctx.database.db, owner.user.id, { name: 'Lawn mower' });
    const heavy = await createItem(ctx.database.db, owner.user.id, { name: 'Hedge trimmer' });
    // Four such events, with bare CR line endings; and 200, which need more than a calendar's budget.
    server.calendar('/four.ics', since1900(4, '\r'), '"4"');
    server.calendar('/many.ics', since1900(200), '"200"');
    for (const [path, itemId] of [
      ['/four.ics', item.id],
      ['/many.ics', heavy.id],
    ] as const) {
      const added = await post(ctx.app, '/api/me/calendar-sources', { url: server.url(path), itemId }, { cookie: owner.cookie });
      expect(added.statusCode, added.body).toBe(201);
    }
    await ctx.app.jobs.runDue();

    const byPath = Object.fromEntries((await sources()).map((s) => [new URL(s.url).pathname, s]));
    expect(byPath['/four.ics']).toMatchObject({ lastError: null, busyPeriods: 1 });
    // Every day from today to the last day of the window, and not a day after.
    const until = monthsAfter(today, CALENDAR_IMPORT_MONTHS);
    expect(until).toBe('2028-01-01');
    expect(await booked(item.id)).toEqual([{ startDate: today, endDate: addDays(until, -1) }]);

    expect(byPath['/many.ics']).toMatchObject({
      lastError: 'The calendar has too many repeating events to read (more than 100,000 occurrences)',
      busyPeriods: 0,
    });
    expect(await booked(heavy.id)).toEqual([]);
  });
});
