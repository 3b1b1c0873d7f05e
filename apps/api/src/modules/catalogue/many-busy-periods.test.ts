import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { ItemsPage, MapPoints } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { calendarSources } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { createCalendarSyncRepository } from '../calendar-sync/calendar-sync-repository.ts';
import { allDayCalendar, startCalendarServer } from '../calendar-sync/calendar-test-server.ts';

/**
 * An item with thousands of busy periods (days blocked by the owner's other calendars): the browse
 * indexes carry only the first 32 (items.booked_soon and booked_soon_until, migration 0052), so its calendar imports, it
 * books into its gaps, and browsing with dates shows it exactly on its free days, on every path,
 * whether the dates fall among the first 32 periods or far beyond them.
 */
const clock = new Date();
const d = (n: number) => addDays(todayInLondon(clock), n);
type Person = { cookie: string; user: { id: string } };

let ctx: TestContext;
let server: Awaited<ReturnType<typeof startCalendarServer>>;
const mailer = createMemoryMailer();
let owner: Person;
let renter: Person;
let item: { id: string };

const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

const book = (startDate: string, endDate: string) =>
  send('POST', '/api/checkout', renter.cookie, {
    lines: [{ itemId: item.id, startDate, endDate }],
    card: { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Rita Renter' },
    idempotencyKey: randomUUID(),
  });

async function page(query: string, path = '/api/categories/all/items'): Promise<ItemsPage> {
  const res = await send('GET', `${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ItemsPage;
}

/** Whether browsing for [start, end] shows the item, after checking that every path and order agrees. */
async function shown(start: string, end: string): Promise<boolean> {
  const dates = `startDate=${start}&endDate=${end}`;
  const pages = {
    all: await page(dates),
    category: await page(dates, '/api/categories/power-tools/items'),
    word: await page(`search=crowded&${dates}`),
    words: await page(`search=crowded+wheelbarrow&${dates}`),
    price: await page(`sort=price&${dates}`),
    rating: await page(`sort=rating&${dates}`),
    newest: await page(`sort=newest&maxPrice=50&${dates}`),
  };
  const map = (await send('GET', `/api/categories/all/items/map?${dates}`)).json() as MapPoints;
  const seen: Record<string, boolean> = {
    ...Object.fromEntries(Object.entries(pages).map(([path, p]) => [path, p.items.some((i) => i.id === item.id)])),
    map: map.points.some((p) => p.id === item.id),
  };
  const answer = seen.all!;
  expect(seen, `${start}..${end}`).toEqual(Object.fromEntries(Object.keys(seen).map((k) => [k, answer])));
  for (const p of Object.values(pages)) expect(p.total).toBe(p.items.length);
  return answer;
}

/** The item's busy periods, those the browse indexes carry, and whether the 33rd's first day (the end of what they carry) is that of the day asked. */
const bookedDays = async (thirtyThird?: number) =>
  (
    await queryRows<{ periods: number; soon: number; soon_is_booked: boolean; until: string }>(
      ctx.database.db,
      sql`select (select count(*) from unnest(booked))::int as periods, (select count(*) from unnest(booked_soon))::int as soon,
            booked_soon = booked as soon_is_booked,
            case when booked_soon_until = 'infinity' then 'infinity'
                 when booked_soon_until = ${thirtyThird === undefined ? null : d(thirtyThird)}::date then 'the 33rd'
                 else to_char(booked_soon_until, 'YYYY-MM-DD') end as until
          from items where id = ${item.id}`,
    )
  )[0]!;

beforeAll(async () => {
  server = await startCalendarServer();
  ctx = await createTestApp({ mailer, now: () => clock, env: { CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' } });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  const res = await send('PUT', '/api/me/address', renter.cookie, { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' });
  expect(res.statusCode, res.body).toBe(200);
  item = await createItem(ctx.database.db, owner.user.id, { name: 'Crowded Wheelbarrow', minDays: 1, maxDays: 14 });
  // Another listed item, so that no browse below is answered by an empty catalogue.
  await createItem(ctx.database.db, owner.user.id, { name: 'Crowded Wheelbarrow spare', minDays: 1, maxDays: 14 });
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

describe('an item with thousands of busy periods', () => {
  it('imports a calendar with a busy day every other day (250 periods, more than a B-tree entry could hold), and its busy days are refused', async () => {
    server.calendar('/every-other-day.ics', allDayCalendar(Array.from({ length: 250 }, (_, k) => [d(1 + 2 * k), d(1 + 2 * k)])), '"a"');
    const added = await send('POST', '/api/me/calendar-sources', owner.cookie, {
      url: server.url('/every-other-day.ics'),
      itemId: item.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    await ctx.app.jobs.runDue();
    const [source] = (await send('GET', '/api/me/calendar-sources', owner.cookie)).json().sources as Array<{
      lastError: string | null;
      busyPeriods: number;
      lastFetchedAt: string | null;
    }>;
    expect(source).toMatchObject({ lastError: null, busyPeriods: 250 });
    expect(source!.lastFetchedAt).not.toBeNull();
    expect(await bookedDays(65)).toEqual({ periods: 250, soon: 32, soon_is_booked: false, until: 'the 33rd' });
  });

  it('takes 5,000 busy periods in one import, books into their gaps near and far, and browses them exactly', async () => {
    // The import's own write (replaceBlockedDays): 5,000 periods, one busy day every other day for 27 years.
    const repo = createCalendarSyncRepository(ctx.database.db);
    const [row] = await ctx.database.db
      .insert(calendarSources)
      .values({ ownerId: owner.user.id, itemId: item.id, url: server.url('/years.ics') })
      .returning({ id: calendarSources.id });
    const source = (await repo.find(row!.id))!;
    const busy = Array.from({ length: 5_000 }, (_, k) => ({ startDate: d(1 + 2 * k), endDate: d(1 + 2 * k) }));
    expect(await repo.replaceBlockedDays(source, busy, { etag: '"b"', lastModified: null }, clock)).toBe('replaced');
    expect(await bookedDays(65)).toEqual({ periods: 5_000, soon: 32, soon_is_booked: false, until: 'the 33rd' });

    // A day among the first 32 periods, at the edge of what the indexes carry (the 33rd period is day
    // 65: day 64 is decided from them, day 66 on the item's row), one past them, one years ahead.
    for (const [free, busyDay] of [
      [4, 5],
      [64, 65],
      [66, 65],
      [300, 301],
      [8_000, 8_001],
    ] as const) {
      expect(await shown(d(free), d(free)), `day +${free}`).toBe(true);
      expect(await shown(d(busyDay), d(busyDay)), `day +${busyDay}`).toBe(false);
      const [from, to] = free < busyDay ? [free, busyDay] : [busyDay, free];
      expect(await shown(d(from), d(to)), `days +${from}..+${to}`).toBe(false);
    }

    // One-day checkouts into the gaps, near and far, each booked; a busy day refused.
    for (const gap of [2, 200, 6_000, 9_998]) {
      const booked = await book(d(gap), d(gap));
      expect(booked.statusCode, `day +${gap}: ${booked.body}`).toBe(201);
    }
    const refused = await book(d(201), d(201));
    expect(refused.statusCode, refused.body).toBe(409);
    // Each rental filled a one-day gap, joining the busy days on either side into one period.
    // The first joined two of the first 32, so the 33rd is now the period from day 67.
    expect(await bookedDays(67)).toEqual({ periods: 4_996, soon: 32, soon_is_booked: false, until: 'the 33rd' });
    for (const taken of [2, 200, 6_000]) expect(await shown(d(taken), d(taken)), `day +${taken}`).toBe(false);
    expect(await shown(d(6_002), d(6_002))).toBe(true);
    // Past the last busy day every day is free.
    expect(await shown(d(10_000), d(10_005))).toBe(true);
  });

  it('carries booked itself when it has 32 periods or fewer', async () => {
    await ctx.database.db.execute(sql`delete from calendar_blocked_days where item_id = ${item.id} and start_date > ${d(60)}`);
    expect(await bookedDays()).toMatchObject({ soon_is_booked: true, until: 'infinity' });
    expect((await bookedDays()).periods).toBeLessThanOrEqual(32);
    expect(await shown(d(300), d(301))).toBe(true);
    expect(await shown(d(5), d(5))).toBe(false);
  });
});
