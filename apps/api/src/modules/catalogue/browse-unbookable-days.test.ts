import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { ItemsPage, MapPoints } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { allDayCalendar, startCalendarServer } from '../calendar-sync/calendar-test-server.ts';

/**
 * Browsing with dates shows an item exactly when checkout would take it for those dates: buffer days
 * around rentals, held requests, the days a pending extension holds and days blocked by the owner's
 * other calendars hide it, on every
 * browse path (the listing walk, a category, the word postings, several words across categories),
 * in the page's count and on the map, and the wheelbarrow check and checkout say the same.
 */
const clock = new Date();
const today = todayInLondon(clock);
const d = (n: number) => addDays(today, n);
type Person = { cookie: string; user: { id: string } };
type Item = { id: string; name: string };

let ctx: TestContext;
let server: Awaited<ReturnType<typeof startCalendarServer>>;
const mailer = createMemoryMailer();
let owner: Person;
let renter: Person;
let other: Person;
let trailer: Item;
let mower: Item;
let ladder: Item;
let drill: Item;

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

const book = (who: Person, item: Item, startDate: string, endDate: string) =>
  send('POST', '/api/checkout', who.cookie, {
    lines: [{ itemId: item.id, startDate, endDate }],
    card: { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Rita Renter' },
    idempotencyKey: randomUUID(),
  });

async function page(path: string, query: string): Promise<ItemsPage> {
  const res = await send('GET', `${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ItemsPage;
}

/**
 * True when browsing for [start, end] shows `item`, after checking that every path agrees: all
 * items, the item's category, one word (the postings), two words across all categories (the
 * inverted index), the page's count and the map.
 */
async function shown(item: Item, start: string, end: string): Promise<boolean> {
  const dates = `startDate=${start}&endDate=${end}`;
  const word = item.name.split(' ')[1]!.toLowerCase();
  const pages = {
    all: await page('/api/categories/all/items', dates),
    category: await page('/api/categories/power-tools/items', dates),
    word: await page('/api/categories/all/items', `search=boundary&${dates}`),
    words: await page('/api/categories/all/items', `search=boundary+${word}&${dates}`),
  };
  const map = (await send('GET', `/api/categories/all/items/map?${dates}`)).json() as MapPoints;
  const seen: Record<string, boolean> = {
    ...Object.fromEntries(Object.entries(pages).map(([path, p]) => [path, p.items.some((i) => i.id === item.id)])),
    map: map.points.some((p) => p.id === item.id),
  };
  const answer = seen.all!;
  expect(seen, `${item.name} ${start}..${end}`).toEqual({ all: answer, category: answer, word: answer, words: answer, map: answer });
  for (const p of Object.values(pages)) expect(p.total).toBe(p.items.length);
  return answer;
}

/** The wheelbarrow check's answer for the dates: 'ok' when the item may be booked. */
async function checked(item: Item, start: string, end: string): Promise<string> {
  const res = await send('POST', '/api/wheelbarrow/check', undefined, { lines: [{ itemId: item.id, startDate: start, endDate: end }] });
  return (res.json() as { lines: Array<{ state: string }> }).lines[0]!.state;
}

/** Every one- and two-day range starting from `from` to `to` (offsets): browse shows it exactly when the check says it may be booked. */
async function agreesWithCheck(item: Item, from: number, to: number) {
  for (let s = from; s <= to; s++) {
    for (const days of [1, 2]) {
      const [start, end] = [d(s), d(s + days - 1)];
      const ok = (await checked(item, start, end)) === 'ok';
      expect(await shown(item, start, end), `${item.name} ${start}..${end}: the check says ${ok ? 'bookable' : 'not bookable'}`).toBe(ok);
    }
  }
}

beforeAll(async () => {
  server = await startCalendarServer();
  ctx = await createTestApp({ mailer, now: () => clock, env: { CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' } });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  other = await createSignedInUser(ctx.app, mailer, 'omar@example.com', 'Omar Other');
  for (const p of [renter, other]) {
    const res = await send('PUT', '/api/me/address', p.cookie, { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' });
    expect(res.statusCode, res.body).toBe(200);
  }
  const terms = { minDays: 1, maxDays: 14 };
  trailer = await createItem(ctx.database.db, owner.user.id, { name: 'Boundary Trailer', bufferDays: 2, ...terms });
  mower = await createItem(ctx.database.db, owner.user.id, { name: 'Boundary Mower', bufferDays: 1, ...terms });
  ladder = await createItem(ctx.database.db, owner.user.id, { name: 'Boundary Ladder', bufferDays: 1, bookingMode: 'request', ...terms });
  drill = await createItem(ctx.database.db, owner.user.id, { name: 'Boundary Drill', ...terms });
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

describe('browsing with dates, buffer days', () => {
  it('hides the item within its buffer of a rental, on both sides, and shows it from the first day checkout takes', async () => {
    expect((await book(renter, trailer, d(10), d(12))).statusCode).toBe(201);
    // Days 10-12 booked, two buffer days after (13, 14) and, for a new rental's own buffer, two before (8, 9).
    expect(await shown(trailer, d(7), d(7))).toBe(true);
    expect(await shown(trailer, d(8), d(8))).toBe(false);
    expect(await shown(trailer, d(6), d(8))).toBe(false);
    expect(await shown(trailer, d(14), d(14))).toBe(false);
    expect(await shown(trailer, d(14), d(15))).toBe(false);
    expect(await shown(trailer, d(15), d(15))).toBe(true);
    expect(await shown(trailer, d(5), d(7))).toBe(true);
    // Another item beside it is not affected.
    expect(await shown(drill, d(10), d(12))).toBe(true);
    await agreesWithCheck(trailer, 4, 17);
  });

  it('checkout refuses what browse hides and takes what it shows, at the boundaries', async () => {
    for (const [s, e] of [
      [8, 8],
      [14, 14],
      [6, 8],
      [13, 15],
    ] as const) {
      const refused = await book(other, trailer, d(s), d(e));
      expect(refused.statusCode, `${s}..${e}`).toBe(409);
      expect(refused.json().error.message).toContain('Boundary Trailer is already booked');
    }
    expect((await book(other, trailer, d(15), d(16))).statusCode).toBe(201);
    expect((await book(other, trailer, d(5), d(7))).statusCode).toBe(201);
    // Now hidden in turn, with the buffers: 5-7 keeps 3-9, 15-16 keeps 13-18.
    expect(await shown(trailer, d(5), d(5))).toBe(false);
    expect(await shown(trailer, d(3), d(3))).toBe(false);
    expect(await shown(trailer, d(2), d(2))).toBe(true);
    expect(await shown(trailer, d(18), d(18))).toBe(false);
    expect(await shown(trailer, d(19), d(19))).toBe(true);
    await agreesWithCheck(trailer, 1, 20);
  });

  it("follows the owner's change of the buffer: the days before rentals go with it, a rental keeps its own after", async () => {
    const edited = await send('PUT', `/api/items/${trailer.id}`, owner.cookie, {
      name: 'Boundary Trailer',
      description: 'A sturdy 18V drill with two batteries.',
      dailyRatePence: 1000,
      categoryId: 'power-tools',
      minDays: 1,
      maxDays: 14,
      address: '1 High Street',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      bufferDays: 0,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // 10-12 was booked with two buffer days: 13 and 14 stay kept; 19 onwards is free.
    expect(await shown(trailer, d(19), d(19))).toBe(true);
    expect(await shown(trailer, d(13), d(13))).toBe(false);
    await agreesWithCheck(trailer, 1, 21);
    // Day 4 is no longer within a new rental's buffer before 5-7.
    expect(await shown(trailer, d(4), d(4))).toBe(true);
    expect((await book(other, trailer, d(13), d(13))).statusCode).toBe(409);
    expect((await book(other, trailer, d(4), d(4))).statusCode).toBe(201);
    expect(await shown(trailer, d(4), d(4))).toBe(false);
  });
});

describe('browsing with dates, held requests', () => {
  it('hides a request item while its request holds the dates, buffers included, and shows it again when declined', async () => {
    const requested = await book(renter, ladder, d(30), d(31));
    expect(requested.statusCode, requested.body).toBe(201);
    expect(await shown(ladder, d(28), d(28))).toBe(true);
    expect(await shown(ladder, d(29), d(29))).toBe(false);
    expect(await shown(ladder, d(32), d(32))).toBe(false);
    expect(await shown(ladder, d(33), d(33))).toBe(true);
    await agreesWithCheck(ladder, 27, 34);
    expect((await book(other, ladder, d(32), d(33))).statusCode).toBe(409);

    const order = (await send('GET', `/api/orders/${requested.json().orderId}`, renter.cookie)).json() as {
      rentals: Array<{ id: string; status: string }>;
    };
    expect(order.rentals[0]!.status).toBe('requested');
    expect(
      (await send('POST', `/api/rentals/${order.rentals[0]!.id}/decline`, owner.cookie, { reason: 'Away that week' })).statusCode,
    ).toBe(204);
    expect(await shown(ladder, d(30), d(31))).toBe(true);
    expect(await shown(ladder, d(29), d(32))).toBe(true);
    await agreesWithCheck(ladder, 27, 34);
  });
});

describe("browsing with dates, a request item's pending extension", () => {
  it('hides the extra days it holds (buffer included) while the owner has not answered, and shows them again once withdrawn', async () => {
    const booked = await book(renter, ladder, d(40), d(41));
    expect(booked.statusCode, booked.body).toBe(201);
    const order = (await send('GET', `/api/orders/${booked.json().orderId}`, renter.cookie)).json() as { rentals: Array<{ id: string }> };
    const rentalId = order.rentals[0]!.id;
    expect((await send('POST', `/api/rentals/${rentalId}/accept`, owner.cookie, {})).statusCode).toBe(204);
    const asked = await send('POST', `/api/rentals/${rentalId}/extension`, renter.cookie, {
      endDate: d(43),
      payWith: 'card',
      card: { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Rita Renter' },
    });
    expect(asked.json()).toEqual({ status: 'pending', chargedPence: 0 });
    // 40-41 rented, 42-43 held for the extension, 44 the buffer after: all hidden; 45 onwards shown.
    expect(await shown(ladder, d(42), d(42))).toBe(false);
    expect(await shown(ladder, d(43), d(43))).toBe(false);
    expect(await shown(ladder, d(44), d(44))).toBe(false);
    expect(await shown(ladder, d(45), d(45))).toBe(true);
    await agreesWithCheck(ladder, 38, 47);
    // Checkout refuses exactly what browse hides, and takes the first day it shows.
    for (const [s, e] of [
      [42, 42],
      [43, 43],
      [44, 45],
    ] as const) {
      const refused = await book(other, ladder, d(s), d(e));
      expect(refused.statusCode, `${s}..${e}`).toBe(409);
      expect(refused.json().error.message).toContain('Boundary Ladder is already booked');
    }

    expect((await send('POST', `/api/rentals/${rentalId}/extension/withdraw`, renter.cookie, {})).statusCode).toBe(204);
    // The rental's own buffer day (42) stays kept; the held days are free again.
    expect(await shown(ladder, d(42), d(42))).toBe(false);
    expect(await shown(ladder, d(43), d(43))).toBe(true);
    await agreesWithCheck(ladder, 38, 47);
    expect((await book(other, ladder, d(43), d(44))).statusCode).toBe(201);
  });
});

describe("browsing with dates, days blocked by the owner's other calendar", () => {
  let sourceId: string;

  it('hides the item on the blocked days exactly, without a buffer, and checkout agrees', async () => {
    server.calendar('/busy.ics', allDayCalendar([[d(20), d(21)]]), '"v1"');
    const added = await send('POST', '/api/me/calendar-sources', owner.cookie, { url: server.url('/busy.ics'), itemId: mower.id });
    expect(added.statusCode, added.body).toBe(201);
    sourceId = added.json().id;
    expect(await shown(mower, d(20), d(20))).toBe(true); // not fetched yet
    await ctx.app.jobs.runDue();

    expect(await shown(mower, d(19), d(19))).toBe(true);
    expect(await shown(mower, d(20), d(20))).toBe(false);
    expect(await shown(mower, d(18), d(20))).toBe(false);
    expect(await shown(mower, d(21), d(22))).toBe(false);
    expect(await shown(mower, d(22), d(22))).toBe(true);
    expect(await shown(drill, d(20), d(21))).toBe(true);
    await agreesWithCheck(mower, 16, 24);

    for (const [s, e] of [
      [20, 20],
      [21, 22],
      [18, 20],
    ] as const) {
      const refused = await book(other, mower, d(s), d(e));
      expect(refused.statusCode, `${s}..${e}`).toBe(409);
      expect(refused.json().error.message).toMatch(/^Boundary Mower is not available on some of/);
    }
    // The day before and the day after: a blocked day keeps no buffer, and the item's one-day buffer
    // after a rental only needs the rental's own days and its buffer free of other rentals.
    expect((await book(other, mower, d(19), d(19))).statusCode).toBe(201);
    expect((await book(other, mower, d(22), d(22))).statusCode).toBe(201);
  });

  it('shows the days again once the owner removes the calendar', async () => {
    expect((await send('DELETE', `/api/me/calendar-sources/${sourceId}`, owner.cookie)).statusCode).toBe(204);
    // The blocked days are gone; the rentals of 19 and 22 keep 18-20 and 21-23 with their buffers.
    expect(await shown(mower, d(20), d(20))).toBe(false);
    expect(await shown(mower, d(24), d(24))).toBe(true);
    await agreesWithCheck(mower, 16, 25);
  });
});
