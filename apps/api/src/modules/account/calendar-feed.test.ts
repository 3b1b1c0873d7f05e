import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';
import { parseCalendar } from './test-ical-parser.ts';
import { eq } from 'drizzle-orm';
import { rentals } from '../../db/schema.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let ann: { cookie: string; user: { id: string } };
/** By UID: the days, the title and the rental page's start date (the rental's own, for held extension days). */
const expected = new Map<string, { start: string; end: string; summary: string; rentalStart?: string }>();
let notExpected: string[] = [];

const feedPath = (url: string) => new URL(url).pathname;
const makeFeed = async () => (await post(ctx.app, '/api/me/calendar-feed', {}, { cookie: ann.cookie })).json().url as string;

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  const db = ctx.database.db;
  await insertCategories(db);
  ann = await createSignedInUser(ctx.app, mailer, 'ann@example.com', 'Ann Feed');
  const bob = await createUser(db, { name: 'Bob Lender' });
  const cat = await createUser(db, { name: 'Cat Borrower' });
  const bobSaw = await createItem(db, bob.id, { name: 'Saw, 18V; "pro"' });
  const bobLadder = await createItem(db, bob.id, { name: 'Ladder' });
  const annDrill = await createItem(db, ann.user.id, { name: 'Ann drill' });
  const catMixer = await createItem(db, cat.id, { name: 'Cat mixer' });

  const upcoming = await createRental(db, bobSaw, ann.user.id, 3, 2);
  const active = await createRental(db, bobLadder, ann.user.id, 0, 3);
  const lent = await createRental(db, annDrill, cat.id, 5, 1);
  expected.set(`${upcoming.id}-renter@toolshed`, { start: upcoming.startDate, end: upcoming.endDate, summary: 'Renting: Saw, 18V; "pro"' });
  expected.set(`${active.id}-renter@toolshed`, { start: active.startDate, end: active.endDate, summary: 'Renting: Ladder' });
  expected.set(`${lent.id}-owner@toolshed`, { start: lent.startDate, end: lent.endDate, summary: 'Lent out: Ann drill' });

  // A request still waiting for Bob, and a booking of Ann's drill whose renter asked for two more days.
  const bobVan = await createItem(db, bob.id, { name: 'Van' });
  const requested = await createRental(db, bobVan, ann.user.id, 12, 2, {
    requestStatus: 'pending',
    requestExpiresAt: new Date(Date.now() + 86_400_000),
    requestAuthorizationId: 'auth-request',
    requestAmountPence: 2000,
  });
  expected.set(`${requested.id}-renter@toolshed`, {
    start: requested.startDate,
    end: requested.endDate,
    summary: 'Requested: Van (waiting for Bob Lender)',
  });
  const annSander = await createItem(db, ann.user.id, { name: 'Sander' });
  const extending = await createRental(db, annSander, cat.id, 1, 2);
  await db
    .update(rentals)
    .set({ heldEndDate: addDays(extending.endDate, 2) })
    .where(eq(rentals.id, extending.id));
  expected.set(`${extending.id}-owner@toolshed`, { start: extending.startDate, end: extending.endDate, summary: 'Lent out: Sander' });
  expected.set(`${extending.id}-owner-extension@toolshed`, {
    start: addDays(extending.endDate, 1),
    end: addDays(extending.endDate, 2),
    summary: 'Extension to answer: Sander',
    rentalStart: extending.startDate,
  });

  const cancelled = await createRental(db, bobSaw, ann.user.id, 10, 1, { cancelledAt: new Date() });
  const returned = await createRental(db, bobLadder, ann.user.id, 8, 1, { returned: true, returnedAt: new Date() });
  const past = await createRental(db, bobSaw, ann.user.id, -5, 2, { returned: true });
  const others = await createRental(db, catMixer, bob.id, 2, 2);
  notExpected = [cancelled.id, returned.id, past.id, others.id];
});
afterAll(async () => ctx?.close());

describe('calendar feed', () => {
  it('needs a session to be made', async () => {
    expect((await post(ctx.app, '/api/me/calendar-feed', {})).statusCode).toBe(401);
  });

  it("is valid iCalendar with exactly the user's upcoming and active rentals and bookings, no session needed", async () => {
    const url = await makeFeed();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await ctx.app.inject({ method: 'GET', url: feedPath(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const { calendar, events } = parseCalendar(res.body);
    expect(calendar.PRODID).toContain('Toolshed');
    expect(new Set(events.map((e) => e.UID!.value))).toEqual(new Set(expected.keys()));
    for (const e of events) {
      const want = expected.get(e.UID!.value)!;
      expect(e.DTSTART).toEqual({ params: { VALUE: 'DATE' }, value: want.start.replace(/-/g, '') });
      // All-day DTEND is exclusive: the day after the last rental day.
      expect(e.DTEND).toEqual({ params: { VALUE: 'DATE' }, value: addDays(want.end, 1).replace(/-/g, '') });
      expect(e.SUMMARY!.value).toBe(want.summary);
      expect(e.URL!.value).toMatch(/^http:\/\/localhost:3000\/rentals\/[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}$/);
      expect(e.URL!.value.endsWith(want.rentalStart ?? want.start)).toBe(true);
    }
    for (const id of notExpected) expect(res.body).not.toContain(id);
  });

  it('answers 404 to a wrong token and to a reset one', async () => {
    const first = await makeFeed();
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(first) })).statusCode).toBe(200);
    const wrong = feedPath(first).replace(/[A-Za-z0-9_-]{43}/, 'A'.repeat(43));
    expect((await ctx.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/calendar/short.ics' })).statusCode).toBe(404);
    const second = await makeFeed();
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(first) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(second) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: ann.cookie } })).json().calendarFeed).toBe(true);
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me/calendar-feed',
      headers: { cookie: ann.cookie, origin: 'http://localhost:3000' },
    });
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(second) })).statusCode).toBe(404);
  });

  it('stores only a hash of the token', async () => {
    const url = await makeFeed();
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;
    const row = await ctx.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, ann.user.id) });
    expect(row?.calendarTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.calendarTokenHash).not.toContain(token);
  });
});
