import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonTimeToInstant, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { isPublicAddress } from '../../platform/calendar-fetch/address-guard.ts';
import { calendarBlockedDays, calendarSources } from '../../db/schema.ts';
import { allDayCalendar, startCalendarServer } from './calendar-test-server.ts';

// London noon, so the calendar date is the same everywhere in the test.
let clock = new Date('2026-07-01T11:00:00Z');
const today = () => todayInLondon(clock);
const d = (n: number) => addDays(today(), n);
const later = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));

type User = { cookie: string; user: { id: string } };
interface Source {
  id: string;
  url: string;
  itemId: string | null;
  itemName: string | null;
  lastFetchedAt: string | null;
  lastError: string | null;
  busyPeriods: number;
}

function client(ctx: () => TestContext) {
  const headers = (who: User) => ({ cookie: who.cookie, origin: ORIGIN });
  return {
    add: (who: User, url: string, itemId: string | null) =>
      post(ctx().app, '/api/me/calendar-sources', { url, itemId }, { cookie: who.cookie }),
    list: async (who: User) =>
      (await ctx().app.inject({ method: 'GET', url: '/api/me/calendar-sources', headers: headers(who) })).json().sources as Source[],
    remove: (who: User, id: string) => ctx().app.inject({ method: 'DELETE', url: `/api/me/calendar-sources/${id}`, headers: headers(who) }),
    booked: async (itemId: string) =>
      (await ctx().app.inject({ method: 'GET', url: `/api/items/${itemId}` })).json().bookedRanges as Array<{
        startDate: string;
        endDate: string;
      }>,
    checkout: (who: User, itemId: string, startDate: string, endDate: string) =>
      post(
        ctx().app,
        '/api/checkout',
        {
          lines: [{ itemId, startDate, endDate }],
          card: { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Rita Renter' },
          idempotencyKey: randomUUID(),
        },
        { cookie: who.cookie },
      ),
    check: async (itemId: string, startDate: string, endDate: string) =>
      (await post(ctx().app, '/api/wheelbarrow/check', { lines: [{ itemId, startDate, endDate }] })).json().lines[0] as {
        state: string;
        message: string | null;
      },
    /** Runs the fetch jobs that are due and returns the owner's sources afterwards. */
    async fetchDue(who: User) {
      await ctx().app.jobs.runDue();
      return this.list(who);
    },
  };
}

describe('calendar sync (private addresses allowed)', () => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof startCalendarServer>>;
  const mailer = createMemoryMailer();
  const api = client(() => ctx);
  let owner: User;
  let renter: User;
  let neighbour: User;
  let mower: { id: string };
  let drill: { id: string };

  beforeAll(async () => {
    server = await startCalendarServer();
    ctx = await createTestApp({
      mailer,
      now: () => clock,
      env: { CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' },
      calendarImport: { limits: { timeoutMs: 1_000 } },
    });
    await insertCategories(ctx.database.db);
    owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
    renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
    neighbour = await createSignedInUser(ctx.app, mailer, 'ned@example.com', 'Ned Nosy');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/address',
      payload: { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' },
      headers: { cookie: renter.cookie, origin: ORIGIN },
    });
    mower = await createItem(ctx.database.db, owner.user.id, { name: 'Lawn mower', minDays: 1, maxDays: 7 });
    drill = await createItem(ctx.database.db, owner.user.id, { name: 'Hammer drill', minDays: 1, maxDays: 7 });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  it('imports the busy days at the first run, refuses them at checkout and shows them unavailable', async () => {
    server.calendar('/cal.ics', allDayCalendar([[d(3), d(4)]]), '"v1"');
    const added = await api.add(owner, server.url('/cal.ics'), mower.id);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      url: server.url('/cal.ics'),
      itemId: mower.id,
      itemName: 'Lawn mower',
      lastFetchedAt: null,
      lastError: null,
    });

    const [source] = await api.fetchDue(owner);
    expect(source).toMatchObject({ lastError: null, busyPeriods: 1 });
    expect(source!.lastFetchedAt).toBe(clock.toISOString());
    expect(await api.booked(mower.id)).toEqual([{ startDate: d(3), endDate: d(4) }]);
    expect(await api.booked(drill.id)).toEqual([]);

    const refused = await api.checkout(renter, mower.id, d(2), d(3));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toMatch(/^Lawn mower is not available on some of .* Please choose other dates\.$/);
    expect(await api.check(mower.id, d(4), d(5))).toMatchObject({
      state: 'unavailable',
      message: 'The owner is not available on some of these dates. Please choose new dates.',
    });
    expect(await api.check(mower.id, d(5), d(5))).toMatchObject({ state: 'ok' });
  });

  it('asks again every 15 minutes with the ETag: a 304 changes nothing', async () => {
    const before = server.requests.length;
    later(10);
    await api.fetchDue(owner);
    expect(server.requests.length).toBe(before); // not yet due
    later(5);
    const [source] = await api.fetchDue(owner);
    expect(server.requests.length).toBe(before + 1);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBe('"v1"');
    expect(server.requests.at(-1)!.headers['if-modified-since']).toBe('Wed, 01 Jul 2026 09:00:00 GMT');
    expect(source).toMatchObject({ lastError: null, busyPeriods: 1, lastFetchedAt: clock.toISOString() });
    expect(await api.booked(mower.id)).toEqual([{ startDate: d(3), endDate: d(4) }]);
  });

  it('frees and blocks days when the file changes, at the next fetch', async () => {
    server.calendar('/cal.ics', allDayCalendar([[d(8), d(8)]]), '"v2"');
    later(15);
    await api.fetchDue(owner);
    expect(await api.booked(mower.id)).toEqual([{ startDate: d(8), endDate: d(8) }]);
    const booked = await api.checkout(renter, mower.id, d(3), d(4));
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await api.checkout(renter, mower.id, d(8), d(9))).statusCode).toBe(409);
  });

  it('keeps the last good days when a fetch fails, says why, and goes on at the next interval', async () => {
    server.route('/cal.ics', (_req, res) => res.writeHead(500).end('oops'));
    later(15);
    let [source] = await api.fetchDue(owner);
    expect(source).toMatchObject({ lastError: 'The calendar answered 500', busyPeriods: 1 });
    expect(await api.booked(mower.id)).toContainEqual({ startDate: d(8), endDate: d(8) });

    server.calendar('/cal.ics', allDayCalendar([[d(8), d(9)]]), '"v3"');
    later(15);
    [source] = await api.fetchDue(owner);
    expect(source).toMatchObject({ lastError: null, busyPeriods: 1 });
    expect(await api.booked(mower.id)).toContainEqual({ startDate: d(8), endDate: d(9) });
  });

  it('ends a missing, huge, slow or malformed calendar in a clear error on the source', async () => {
    server.route('/huge.ics', (_req, res) => {
      // 10 MB streamed without a Content-Length: the limit must hold while reading.
      res.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(64 * 1024, 'X');
      let sent = 0;
      const write = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      write();
    });
    server.route('/declared.ics', (_req, res) =>
      res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).write('BEGIN:VCALENDAR\r\n'),
    );
    server.route('/slow.ics', (_req, res) => setTimeout(() => res.writeHead(200).end(allDayCalendar([])), 3_000).unref());
    server.route('/trickle.ics', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.write('BEGIN:VCALENDAR\r\n');
    });
    server.route('/bad.ics', (_req, res) =>
      res
        .writeHead(200)
        .end('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x@y\r\nthis line has no colon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'),
    );
    server.route('/page.html', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sign in</title>'),
    );
    server.route('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
    const expected: Record<string, string> = {
      '/missing.ics': 'The calendar answered 404',
      '/huge.ics': 'The calendar is larger than 2 MB',
      '/declared.ics': 'The calendar is larger than 2 MB',
      '/slow.ics': 'The calendar took longer than 1 s',
      '/trickle.ics': 'The calendar took longer than 1 s',
      '/bad.ics': 'Line 5 is not valid iCalendar',
      '/page.html': 'The address did not answer with an iCalendar file (it must start with BEGIN:VCALENDAR)',
      '/loop': 'The calendar redirected more than 3 times',
    };
    for (const path of Object.keys(expected)) expect((await api.add(owner, server.url(path), drill.id)).statusCode).toBe(201);
    const started = performance.now();
    const sources = await api.fetchDue(owner);
    // Each fetch ends within its time limit, whatever the server does.
    expect(performance.now() - started).toBeLessThan(8_000);
    const errors = Object.fromEntries(sources.filter((s) => s.itemId === drill.id).map((s) => [new URL(s.url).pathname, s.lastError]));
    expect(errors).toEqual(expected);
    expect(await api.booked(drill.id)).toEqual([]);
    // The loop asked three redirects and no more.
    expect(server.requests.filter((r) => r.path === '/loop').length).toBe(4);
  });

  it('covers every item of the owner for "All my items", and frees the days when removed', async () => {
    server.calendar('/all.ics', allDayCalendar([[d(20), d(21)]]), '"a1"');
    const added = await api.add(owner, server.url('/all.ics'), null);
    expect(added.json()).toMatchObject({ itemId: null, itemName: null });
    await api.fetchDue(owner);
    expect(await api.booked(drill.id)).toEqual([{ startDate: d(20), endDate: d(21) }]);
    expect(await api.booked(mower.id)).toContainEqual({ startDate: d(20), endDate: d(21) });

    // An item listed later is covered at the next fetch, even when the calendar answers 304.
    const saw = await createItem(ctx.database.db, owner.user.id, { name: 'Chainsaw' });
    later(15);
    await api.fetchDue(owner);
    expect(server.requests.filter((r) => r.path === '/all.ics').at(-1)!.headers['if-none-match']).toBe('"a1"');
    expect(await api.booked(saw.id)).toEqual([{ startDate: d(20), endDate: d(21) }]);

    expect((await api.remove(owner, added.json().id)).statusCode).toBe(204);
    expect(await api.booked(drill.id)).toEqual([]);
    expect((await api.checkout(renter, drill.id, d(20), d(21))).statusCode).toBe(201);
  });

  it('refuses a booking that waited for an import of the same item once the import commits', async () => {
    const ladder = await createItem(ctx.database.db, owner.user.id, { name: 'Ladder' });
    const [source] = await ctx.database.db
      .insert(calendarSources)
      .values({ ownerId: owner.user.id, itemId: ladder.id, url: server.url('/none.ics') })
      .returning();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // An import as the repository writes one: the item's row locked, then its blocked days, not yet committed.
    const importing = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from items where id = ${ladder.id} for no key update`);
      await tx.insert(calendarBlockedDays).values({ sourceId: source!.id, itemId: ladder.id, startDate: d(30), endDate: d(31) });
      locked();
      await held;
    });
    await lockTaken;
    // On PostgreSQL the booking's early check passes (nothing committed yet) and its transaction
    // waits for the item's lock; once the import commits it must see the blocked days.
    const booking = api.checkout(renter, ladder.id, d(31), d(32));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await importing;
    const answer = await booking;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().error.message).toMatch(/^Ladder is not available on some of /);
    expect((await api.checkout(renter, ladder.id, d(32), d(33))).statusCode).toBe(201);
  });

  it('forgets finished fetches after a day', async () => {
    const oldFetches = async () =>
      (
        (await ctx.database.db.execute(
          sql`select count(*)::int as n from jobs where name = 'calendar-sync.fetch' and status = 'done' and finished_at < ${new Date(clock.getTime() - 86_400_000).toISOString()}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n;
    // 03:45 in London two days on: the daily clean-up at 03:40 is due, after the fetches waiting since.
    clock = londonTimeToInstant(addDays(today(), 2), '03:45');
    expect(await oldFetches()).toBeGreaterThan(5);
    await ctx.app.jobs.runDue();
    expect(await oldFetches()).toBe(0);
  });

  it('lets only the owner add, see and remove their calendars', async () => {
    const mine = await api.list(owner);
    expect(mine.length).toBeGreaterThan(0);
    expect(await api.list(neighbour)).toEqual([]);
    const theirs = await api.remove(neighbour, mine[0]!.id);
    expect(theirs.statusCode).toBe(404);
    expect((await api.list(owner)).length).toBe(mine.length);
    const onTheirItem = await api.add(neighbour, server.url('/cal.ics'), mower.id);
    expect(onTheirItem.statusCode).toBe(404);
    expect(onTheirItem.json().error.message).toBe('Item not found');
    expect(await api.list(neighbour)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/calendar-sources' })).statusCode).toBe(401);
  });

  it('refuses addresses that are not http(s), carry credentials, or are already added', async () => {
    const problems = await Promise.all(
      ['ftp://example.com/cal.ics', 'not an address', 'https://user:secret@example.com/cal.ics', 'file:///etc/passwd'].map(
        async (url) => (await api.add(owner, url, mower.id)).json().error.message,
      ),
    );
    expect(problems).toEqual([
      'The address must start with http:// or https://.',
      'The address is not valid.',
      'The address must not contain a user name or password.',
      'The address must start with http:// or https://.',
    ]);
    const again = await api.add(owner, server.url('/cal.ics'), mower.id);
    expect(again.statusCode).toBe(409);
    // webcal:// is how calendar apps share an HTTPS address.
    const webcal = await api.add(owner, 'webcal://calendar.example/owner.ics', mower.id);
    expect(webcal.json().url).toBe('https://calendar.example/owner.ics');
  });
});

describe('calendar sync (private addresses refused)', () => {
  let ctx: TestContext;
  let publicServer: Awaited<ReturnType<typeof startCalendarServer>>;
  let privateServer: Awaited<ReturnType<typeof startCalendarServer>>;
  const mailer = createMemoryMailer();
  const api = client(() => ctx);
  let owner: User;
  let item: { id: string };

  beforeAll(async () => {
    publicServer = await startCalendarServer();
    privateServer = await startCalendarServer();
    privateServer.calendar('/cal.ics', allDayCalendar([[d(3), d(3)]]), '"p"');
    // CALENDAR_IMPORT_ALLOW_PRIVATE is off. The first server stands in for a host on the internet:
    // its port alone is let through; every other address must be public.
    ctx = await createTestApp({
      mailer,
      now: () => clock,
      calendarImport: {
        addressAllowed: (address, port) => (address === '127.0.0.1' && port === publicServer.port) || isPublicAddress(address),
      },
    });
    await insertCategories(ctx.database.db);
    owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
    item = await createItem(ctx.database.db, owner.user.id, { name: 'Lawn mower' });
  });
  afterAll(async () => {
    await ctx?.close();
    await publicServer?.close();
    await privateServer?.close();
  });

  it('refuses a redirect to a private address, and private addresses themselves', async () => {
    publicServer.route('/to-localhost', (_req, res) =>
      res.writeHead(302, { location: `http://localhost:${privateServer.port}/cal.ics` }).end(),
    );
    publicServer.route('/to-metadata', (_req, res) => res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
    for (const url of [
      publicServer.url('/to-localhost'),
      publicServer.url('/to-metadata'),
      privateServer.url('/cal.ics'),
      `http://[::ffff:127.0.0.1]:${privateServer.port}/cal.ics`,
      `http://[::1]:${privateServer.port}/cal.ics`,
    ]) {
      expect((await api.add(owner, url, item.id)).statusCode).toBe(201);
    }
    const sources = await api.fetchDue(owner);
    expect(sources.map((s) => s.lastError)).toEqual(Array(5).fill('The address points to a private network'));
    expect(privateServer.requests).toEqual([]);
    expect(await api.booked(item.id)).toEqual([]);
  });
});
