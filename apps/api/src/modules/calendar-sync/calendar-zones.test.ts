import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { startCalendarServer } from './calendar-test-server.ts';

let clock = new Date('2026-03-01T12:00:00Z');
const later = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));

const calendar = (...events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:Microsoft Exchange Server 2010',
    ...events.flatMap((e, i) => ['BEGIN:VEVENT', `UID:zone-${i}@elsewhere.example`, 'DTSTAMP:20260301T090000Z', ...e, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
// 20:00-23:00 Pacific on 10 March (PDT from the 8th) is 03:00-06:00 on the 11th in London.
const pacificEvening = ['DTSTART;TZID=Pacific Standard Time:20260310T200000', 'DTEND;TZID=Pacific Standard Time:20260310T230000'];
const unknownNoon = ['DTSTART;TZID=Mars Standard Time:20260401T120000', 'DTEND;TZID=Mars Standard Time:20260401T130000'];

describe("calendar sync: an event's time zone decides its London days, and the owner is told of zones it cannot read", () => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof startCalendarServer>>;
  const mailer = createMemoryMailer();
  let owner: { cookie: string; user: { id: string } };
  let ladder: { id: string };
  const sources = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/me/calendar-sources', headers: { cookie: owner.cookie, origin: ORIGIN } })).json()
      .sources as Array<{ lastError: string | null; lastWarning: string | null; busyPeriods: number }>;
  const booked = async () => (await ctx.app.inject({ method: 'GET', url: `/api/items/${ladder.id}` })).json().bookedRanges;

  beforeAll(async () => {
    server = await startCalendarServer();
    ctx = await createTestApp({ mailer, now: () => clock, env: { CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' } });
    await insertCategories(ctx.database.db);
    owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
    ladder = await createItem(ctx.database.db, owner.user.id, { name: 'Ladder', minDays: 1, maxDays: 7 });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  it('blocks the London day of a Windows-zone event, warns of an unknown zone, keeps the warning on a 304 and drops it when the zone goes', async () => {
    server.calendar('/work.ics', calendar(pacificEvening, unknownNoon), '"v1"');
    const added = await post(
      ctx.app,
      '/api/me/calendar-sources',
      { url: server.url('/work.ics'), itemId: ladder.id },
      { cookie: owner.cookie },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().lastWarning).toBeNull();
    await ctx.app.jobs.runDue();
    const [source] = await sources();
    expect(source).toMatchObject({ lastError: null, busyPeriods: 2 });
    expect(source!.lastWarning).toBe(
      'This calendar uses a time zone we do not recognise: "Mars Standard Time". Events in it were read as London time and also block the day before and the day after, as they may fall on either.',
    );
    expect(await booked()).toEqual([
      { startDate: '2026-03-11', endDate: '2026-03-11' },
      { startDate: '2026-03-31', endDate: '2026-04-02' },
    ]);

    // Not modified: the same answer, the same note.
    later(15);
    await ctx.app.jobs.runDue();
    expect((await sources())[0]).toMatchObject({ lastError: null, lastWarning: source!.lastWarning });

    // A failed fetch keeps the days of the last good answer, and so its note.
    server.route('/work.ics', (_req, res) => res.writeHead(500).end());
    later(15);
    await ctx.app.jobs.runDue();
    expect((await sources())[0]).toMatchObject({ lastError: 'The calendar answered 500', lastWarning: source!.lastWarning });

    server.calendar('/work.ics', calendar(pacificEvening), '"v2"');
    later(15);
    await ctx.app.jobs.runDue();
    expect((await sources())[0]).toMatchObject({ lastError: null, lastWarning: null, busyPeriods: 1 });
    expect(await booked()).toEqual([{ startDate: '2026-03-11', endDate: '2026-03-11' }]);
  });
});
