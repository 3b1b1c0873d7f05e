import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { allDayCalendar, startCalendarServer } from './calendar-test-server.ts';

let clock = new Date('2026-07-01T11:00:00Z');
const d = (n: number) => addDays(todayInLondon(clock), n);

interface Source {
  id: string;
  lastFetchedAt: string | null;
  lastError: string | null;
  busyPeriods: number;
}

describe('a calendar whose busy days cannot be saved', () => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof startCalendarServer>>;
  const mailer = createMemoryMailer();
  let owner: { cookie: string; user: { id: string } };
  let item: { id: string };

  const sources = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/me/calendar-sources', headers: { cookie: owner.cookie, origin: ORIGIN } })).json()
      .sources as Source[];
  const fetchJobs = async () =>
    queryRows<{ status: string; last_error: string | null }>(
      ctx.database.db,
      sql`select status, last_error from jobs where name = 'calendar-sync.fetch' and status = 'failed' order by finished_at`,
    );
  /** Makes every write of blocked days fail as the database would, with this SQLSTATE and message. */
  const refuseBlockedDays = async (code: string, message: string) => {
    await ctx.database.db.execute(
      sql.raw(`create or replace function refuse_blocked_days() returns trigger language plpgsql as $$
        begin raise exception using errcode = '${code}', message = '${message.replaceAll("'", "''")}'; end $$`),
    );
    await ctx.database.db.execute(sql`drop trigger if exists refuse_blocked_days on calendar_blocked_days`);
    await ctx.database.db.execute(
      sql`create trigger refuse_blocked_days before insert on calendar_blocked_days for each statement execute function refuse_blocked_days()`,
    );
  };

  beforeAll(async () => {
    server = await startCalendarServer();
    ctx = await createTestApp({ mailer, now: () => clock, env: { CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' } });
    await insertCategories(ctx.database.db);
    owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
    item = await createItem(ctx.database.db, owner.user.id, { name: 'Lawn mower' });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  it("tells the owner on the calendar's panel, in words, and keeps the database's cause in the job", async () => {
    server.calendar('/cal.ics', allDayCalendar([[d(3), d(4)]]), '"v1"');
    await refuseBlockedDays('54000', 'index row size 2712 exceeds btree version 4 maximum 2704 for index "items_newest_idx"');
    expect(
      (await post(ctx.app, '/api/me/calendar-sources', { url: server.url('/cal.ics'), itemId: item.id }, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(201);
    await ctx.app.jobs.runDue();

    const [source] = await sources();
    expect(source).toMatchObject({
      lastFetchedAt: clock.toISOString(),
      lastError:
        'This calendar could not be saved: an error on our side (code 54000). It will be tried again at the next fetch, in 15 minutes.',
      busyPeriods: 0,
    });
    expect(await fetchJobs()).toEqual([
      { status: 'failed', last_error: 'index row size 2712 exceeds btree version 4 maximum 2704 for index "items_newest_idx" (54000)' },
    ]);
  });

  it('says the database was busy when it was, and clears the error once a fetch is saved', async () => {
    await refuseBlockedDays('40001', 'could not serialize access due to concurrent update');
    clock = new Date(clock.getTime() + 15 * 60_000);
    // The calendar changed, so its days are written again (a 304 would keep them).
    server.calendar('/cal.ics', allDayCalendar([[d(5), d(6)]]), '"v2"');
    await ctx.app.jobs.runDue();
    expect((await sources())[0]!.lastError).toBe(
      'This calendar could not be saved: the database was busy. It will be tried again at the next fetch, in 15 minutes.',
    );

    await ctx.database.db.execute(sql`drop trigger refuse_blocked_days on calendar_blocked_days`);
    clock = new Date(clock.getTime() + 15 * 60_000);
    await ctx.app.jobs.runDue();
    expect((await sources())[0]).toMatchObject({ lastError: null, busyPeriods: 1, lastFetchedAt: clock.toISOString() });
  });
});
