import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  DATE_WATCH_FREE_MESSAGE,
  DATE_WATCH_LIMIT_MESSAGE,
  DATE_WATCH_NOT_FOUND_MESSAGE,
  DATE_WATCH_OWN_ITEM_MESSAGE,
  DATE_WATCH_PAST_MESSAGE,
  MAX_DATE_WATCHES,
  todayInLondon,
} from '@toolshed/core';
import type { DateWatch, DateWatchList } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { ORIGIN, post } from '../../test/auth-helpers.ts';
import { createItem } from '../../test/factories.ts';
import { rentalKit, signInParties, type Party } from '../rentals/rental-test-kit.ts';
import { allDayCalendar, startCalendarServer } from '../calendar-sync/calendar-test-server.ts';

/** "Tell me if these dates free up" through the real endpoints, jobs, notifications and emails. */
let ctx: TestContext;
const mailer = createMemoryMailer();
let clock = new Date();
const later = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));
const kit = rentalKit(() => ctx);
const d = (n: number) => addDays(todayInLondon(clock), n);
let renter: Party;
let watcher: Party;
let owner: Party;
let stranger: Party;
let server: Awaited<ReturnType<typeof startCalendarServer>>;

const watch = (who: Party, itemId: string, startDate: string, endDate: string) =>
  post(ctx.app, '/api/me/date-watches', { itemId, startDate, endDate }, { cookie: who.cookie });
const watches = async (who: Party) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/me/date-watches', headers: { cookie: who.cookie } })).json<DateWatchList>().watches;
const stop = (who: Party, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/me/date-watches/${id}`, headers: { cookie: who.cookie, origin: ORIGIN } });

/** The watcher's 'dates free' notices and emails about `itemName`: each trigger must make exactly one of each. */
async function told(who: Party, itemName: string) {
  await ctx.app.jobs.runDue();
  const notices = await queryRows<{ title: string; link: string }>(
    ctx.database.db,
    sql`select title, link from notifications where user_id = ${who.user.id} and kind = 'date_watch.freed' and title = ${`Dates free: ${itemName}`}`,
  );
  const emails = mailer.sent.filter((m) => m.to === who.user.email && m.subject === `Dates free: ${itemName}`);
  return { notices, emails };
}

async function bookedItem(name: string, overrides: Parameters<typeof createItem>[2] = {}) {
  const item = await createItem(ctx.database.db, owner.user.id, { name, dailyRatePence: 1000, maxDays: 14, ...overrides });
  return item;
}

beforeAll(async () => {
  server = await startCalendarServer();
  ctx = await createTestApp({ mailer, now: () => clock, env: { CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' } });
  ({ renter, other: watcher, owner, stranger } = await signInParties(ctx, mailer));
  await kit.saveAddress(stranger.cookie);
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

describe('asking to be told', () => {
  let drill: { id: string };
  let rentalId: string;

  beforeAll(async () => {
    drill = await bookedItem('Watched drill');
    rentalId = (await kit.bookDays(renter.cookie, drill.id, d(5), 3)).id;
  });

  it('saves a watch of taken dates once, however often it is asked, and lists it with its popup link', async () => {
    const first = await watch(watcher, drill.id, d(5), d(6));
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json<DateWatch>();
    expect(made).toMatchObject({ itemId: drill.id, itemName: 'Watched drill', startDate: d(5), endDate: d(6), notifiedAt: null });
    expect(made.link).toBe(`/category/all/item/${drill.id}?startDate=${d(5)}&endDate=${d(6)}`);
    const again = await watch(watcher, drill.id, d(5), d(6));
    expect(again.statusCode).toBe(200);
    expect(again.json<DateWatch>().id).toBe(made.id);
    expect((await watches(watcher)).map((w) => w.id)).toEqual([made.id]);
  });

  it('refuses free dates, past dates, reversed dates and the owner’s own item, and saves nothing', async () => {
    const free = await watch(watcher, drill.id, d(9), d(10));
    expect(free.statusCode).toBe(409);
    expect(free.json()).toEqual({ error: { code: 'CONFLICT', message: DATE_WATCH_FREE_MESSAGE } });
    const past = await watch(watcher, drill.id, d(-1), d(6));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ error: { code: 'VALIDATION', message: DATE_WATCH_PAST_MESSAGE, field: 'startDate' } });
    expect((await watch(watcher, drill.id, d(6), d(5))).statusCode).toBe(400);
    expect((await watch(watcher, drill.id, 'soon', d(5))).statusCode).toBe(400);
    const own = await watch(owner, drill.id, d(5), d(6));
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(DATE_WATCH_OWN_ITEM_MESSAGE);
    expect((await watch(watcher, '00000000-0000-4000-8000-000000000000', d(5), d(6))).statusCode).toBe(404);
    expect(await watches(watcher)).toHaveLength(1);
    expect(await watches(owner)).toEqual([]);
  });

  it("answers 404 for another member's watch, which stays as it was", async () => {
    const [mine] = await watches(watcher);
    const res = await stop(stranger, mine!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: DATE_WATCH_NOT_FOUND_MESSAGE } });
    expect(await watches(stranger)).toEqual([]);
    expect(await watches(watcher)).toHaveLength(1);
    expect((await stop(stranger, 'not-an-id')).statusCode).toBe(404);
  });

  it('needs a session for every route', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/date-watches' })).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/me/date-watches', { itemId: drill.id, startDate: d(5), endDate: d(6) })).statusCode).toBe(401);
  });

  it('is told once when the renter cancels: one notice and one email, opening the popup on those dates', async () => {
    expect((await kit.cancel(rentalId, renter.cookie)).statusCode).toBe(200);
    const { notices, emails } = await told(watcher, 'Watched drill');
    expect(notices).toEqual([
      { title: 'Dates free: Watched drill', link: `/category/all/item/${drill.id}?startDate=${d(5)}&endDate=${d(6)}` },
    ]);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`http://localhost:3000/category/all/item/${drill.id}?startDate=${d(5)}&endDate=${d(6)}`);
    const [shown] = await watches(watcher);
    expect(shown!.notifiedAt).not.toBeNull();
    // Running the queue again sends nothing more.
    expect((await told(watcher, 'Watched drill')).notices).toHaveLength(1);
  });

  it('is stopped by its member: 204, then no longer listed, and a second stop is 404', async () => {
    const saw = await bookedItem('Stopped saw');
    const id = (await kit.bookDays(renter.cookie, saw.id, d(5), 2)).id;
    const made = (await watch(watcher, saw.id, d(5), d(6))).json<DateWatch>();
    expect((await stop(watcher, made.id)).statusCode).toBe(204);
    expect((await watches(watcher)).map((w) => w.id)).not.toContain(made.id);
    expect((await stop(watcher, made.id)).statusCode).toBe(404);
    expect((await kit.cancel(id, renter.cookie)).statusCode).toBe(200);
    expect((await told(watcher, 'Stopped saw')).notices).toEqual([]);
  });
});

describe('what frees dates', () => {
  it('an owner cancelling the booking', async () => {
    const item = await bookedItem('Owner-cancelled sander');
    const id = (await kit.bookDays(renter.cookie, item.id, d(4), 2)).id;
    expect((await watch(watcher, item.id, d(4), d(5))).statusCode).toBe(201);
    expect((await kit.cancel(id, owner.cookie, 'The sander broke')).statusCode).toBe(200);
    const { notices, emails } = await told(watcher, 'Owner-cancelled sander');
    expect([notices.length, emails.length]).toEqual([1, 1]);
  });

  it('a request declined, and one withdrawn', async () => {
    for (const [name, close] of [
      ['Declined ladder', (id: string) => kit.send('POST', `/api/rentals/${id}/decline`, owner.cookie, { reason: 'Away' })],
      ['Withdrawn ladder', (id: string) => kit.send('POST', `/api/rentals/${id}/withdraw`, renter.cookie, {})],
    ] as const) {
      const item = await bookedItem(name, { bookingMode: 'request' });
      const id = (await kit.bookDays(renter.cookie, item.id, d(6), 2)).id;
      expect((await watch(watcher, item.id, d(6), d(7))).statusCode).toBe(201);
      expect((await close(id)).statusCode).toBe(204);
      const { notices, emails } = await told(watcher, name);
      expect([name, notices.length, emails.length]).toEqual([name, 1, 1]);
    }
  });

  it('a request expiring unanswered', async () => {
    const item = await bookedItem('Expired ladder', { bookingMode: 'request' });
    await kit.bookDays(renter.cookie, item.id, d(6), 2);
    expect((await watch(watcher, item.id, d(6), d(7))).statusCode).toBe(201);
    expect((await told(watcher, 'Expired ladder')).notices).toEqual([]);
    later(25 * 60);
    const { notices, emails } = await told(watcher, 'Expired ladder');
    expect([notices.length, emails.length]).toEqual([1, 1]);
  });

  it("the owner's other calendar no longer blocking the days", async () => {
    const item = await bookedItem('Calendar mower');
    server.calendar('/mower.ics', allDayCalendar([[d(10), d(12)]]), '"v1"');
    const added = await post(
      ctx.app,
      '/api/me/calendar-sources',
      { url: server.url('/mower.ics'), itemId: item.id },
      { cookie: owner.cookie },
    );
    expect(added.statusCode, added.body).toBe(201);
    await ctx.app.jobs.runDue();
    expect((await watch(watcher, item.id, d(11), d(12))).statusCode).toBe(201);
    server.calendar('/mower.ics', allDayCalendar([[d(20), d(20)]]), '"v2"');
    later(16);
    const { notices, emails } = await told(watcher, 'Calendar mower');
    expect([notices.length, emails.length]).toEqual([1, 1]);
  });

  it('nothing while the dates are still partly taken, then once when the rest frees up', async () => {
    const item = await bookedItem('Twice-booked trailer');
    const first = (await kit.bookDays(renter.cookie, item.id, d(3), 2)).id;
    const second = (await kit.bookDays(stranger.cookie, item.id, d(5), 2)).id;
    expect(second).not.toBe('');
    expect((await watch(watcher, item.id, d(3), d(6))).statusCode).toBe(201);
    expect((await kit.cancel(first, renter.cookie)).statusCode).toBe(200);
    expect((await told(watcher, 'Twice-booked trailer')).notices).toEqual([]);
    expect((await kit.cancel(second, stranger.cookie)).statusCode).toBe(200);
    const { notices, emails } = await told(watcher, 'Twice-booked trailer');
    expect([notices.length, emails.length]).toEqual([1, 1]);
  });
});

describe('watches end', () => {
  it('when their start date passes: not listed, never told', async () => {
    const item = await bookedItem('Soon tent');
    const id = (await kit.bookDays(renter.cookie, item.id, d(1), 3)).id;
    const made = (await watch(watcher, item.id, d(1), d(2))).json<DateWatch>();
    expect((await watches(watcher)).map((w) => w.id)).toContain(made.id);
    later(2 * 24 * 60);
    expect((await watches(watcher)).map((w) => w.id)).not.toContain(made.id);
    // Its rental began yesterday: it can no longer be cancelled, so free its days as the owner's return does.
    expect((await kit.markReturned(id, owner.cookie)).statusCode).toBe(204);
    expect((await told(watcher, 'Soon tent')).notices).toEqual([]);
  });

  it(`at ${MAX_DATE_WATCHES} waiting: the next is refused with a clear message, and nothing is saved`, async () => {
    const item = await bookedItem('Popular van', { maxDays: 30 });
    await kit.bookDays(renter.cookie, item.id, d(3), 30);
    const waiting = (await watches(watcher)).filter((w) => w.notifiedAt === null).length;
    for (let i = waiting; i < MAX_DATE_WATCHES; i += 1) expect((await watch(watcher, item.id, d(3 + i), d(3 + i))).statusCode).toBe(201);
    const over = await watch(watcher, item.id, d(30), d(31));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: { code: 'CONFLICT', message: DATE_WATCH_LIMIT_MESSAGE } });
    expect((await watches(watcher)).filter((w) => w.notifiedAt === null)).toHaveLength(MAX_DATE_WATCHES);
    // A repeat of one already waiting is not a new watch, so it is still answered.
    expect((await watch(watcher, item.id, d(3 + waiting), d(3 + waiting))).statusCode).toBe(200);
  });
});
