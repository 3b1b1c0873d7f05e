import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@toolshed/core';
import type { RentalHandoverTimes } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
// 10:30 BST on Monday 10 June 2030.
const clock = new Date('2030-06-10T09:30:00Z');
type Person = { cookie: string; user: { id: string } };
let owner: Person;
let renter: Person;
let outsider: Person;
let drill: { id: string };
const card = { number: TEST_CARDS.success, expiry: '12/34', cvv: '123', name: 'Rita Renter' };
// Monday 17 June and Wednesday 19 June 2030.
const MONDAY = '2030-06-17';
const WEDNESDAY = '2030-06-19';
const OWNER_HOURS = [
  { weekday: 1, opens: '09:00', closes: '12:00' },
  { weekday: 1, opens: '17:00', closes: '19:00' },
  { weekday: 3, opens: '18:00', closes: '20:00' },
];

const get = (url: string, who?: Person) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const put = (url: string, payload: unknown, who: Person) =>
  ctx.app.inject({ method: 'PUT', url, payload: payload as object, headers: { cookie: who.cookie, origin: ORIGIN } });
const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string } }).error;

async function count(table: string): Promise<number> {
  return (await queryRows<{ n: number }>(ctx.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
}

const checkout = (line: Record<string, unknown>) =>
  post(ctx.app, '/api/checkout', { lines: [{ itemId: drill.id, ...line }], card, idempotencyKey: randomUUID() }, { cookie: renter.cookie });

async function rentalTimes(paymentId: string) {
  return queryRows<{ id: string; pickup_minutes: number | null; return_minutes: number | null }>(
    ctx.database.db,
    sql`select id, pickup_minutes, return_minutes from rentals where payment_id = ${paymentId}`,
  );
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  outsider = await createSignedInUser(ctx.app, mailer, 'oscar@example.com', 'Oscar Outsider');
  const address = await put('/api/me/address', { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' }, renter);
  expect(address.statusCode).toBe(200);
  drill = await createItem(ctx.database.db, owner.user.id, { name: 'Cordless Drill', dailyRatePence: 1000, minDays: 1, maxDays: 14 });
});
afterAll(async () => ctx?.close());

describe("an owner's handover hours", () => {
  it('are 08:00 to 20:00 every day until set', async () => {
    const res = await get('/api/me/handover-hours', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isDefault: true });
    expect(res.json().ranges).toHaveLength(7);
    expect(res.json().ranges[0]).toEqual({ weekday: 0, opens: '08:00', closes: '20:00' });
  });

  it.each([
    [[{ weekday: 1, opens: '09:15', closes: '12:00' }], 'Monday: times go in steps of 30 minutes'],
    [
      [
        { weekday: 2, opens: '09:00', closes: '12:00' },
        { weekday: 2, opens: '11:00', closes: '13:00' },
      ],
      'Tuesday: the time ranges overlap',
    ],
    [[{ weekday: 3, opens: '18:00', closes: '17:00' }], 'Wednesday: the closing time must be after the opening time'],
    [[{ weekday: 3, opens: '6pm', closes: '20:00' }], 'HH:MM'],
    [
      [0, 2, 4, 6, 8].map((h) => ({
        weekday: 4,
        opens: `${String(h + 8).padStart(2, '0')}:00`,
        closes: `${String(h + 9).padStart(2, '0')}:00`,
      })),
      'Thursday: at most 4 time ranges a day',
    ],
  ])('refuses bad hours %j with 400 and saves nothing', async (ranges, message) => {
    const res = await put('/api/me/handover-hours', { ranges }, owner);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain(message);
    expect(await count('owner_handover_hours')).toBe(0);
  });

  it('are saved per weekday, with two ranges on a day, and offered as 30-minute slots on the dates asked', async () => {
    const res = await put('/api/me/handover-hours', { ranges: OWNER_HOURS }, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isDefault: false, ranges: OWNER_HOURS });
    const slots = await get(`/api/items/${drill.id}/handover-slots?startDate=${MONDAY}&endDate=${WEDNESDAY}`);
    expect(slots.statusCode).toBe(200);
    expect(slots.json()).toEqual({
      pickup: ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '17:00', '17:30', '18:00', '18:30'],
      return: ['18:00', '18:30', '19:00', '19:30'],
    });
    // Tuesday has no hours: nothing is offered.
    expect((await get(`/api/items/${drill.id}/handover-slots?startDate=2030-06-18&endDate=2030-06-18`)).json()).toEqual({
      pickup: [],
      return: [],
    });
    expect((await get(`/api/items/${randomUUID()}/handover-slots?startDate=${MONDAY}&endDate=${MONDAY}`)).statusCode).toBe(404);
    expect((await get(`/api/items/${drill.id}/handover-slots?startDate=${WEDNESDAY}&endDate=${MONDAY}`)).statusCode).toBe(400);
  });
});

describe('handover times at checkout', () => {
  it.each([
    [{ pickupTime: '12:00', returnTime: '18:00' }, "The pick-up time 12:00 is not one of the owner's handover times on that day"],
    [{ pickupTime: '09:00', returnTime: '09:00' }, "The return time 09:00 is not one of the owner's handover times on that day"],
    [{ pickupTime: '09:15', returnTime: '18:00' }, 'on the hour or half past'],
  ])('refuses %j with 400, booking and charging nothing', async (times, message) => {
    const [rentalsBefore, paymentsBefore] = [await count('rentals'), await count('payments')];
    const res = await checkout({ startDate: MONDAY, endDate: WEDNESDAY, ...times });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toContain(message);
    expect([await count('rentals'), await count('payments')]).toEqual([rentalsBefore, paymentsBefore]);
  });

  it("books with times inside the owner's hours, kept as minutes on the rental", async () => {
    const res = await checkout({ startDate: MONDAY, endDate: WEDNESDAY, pickupTime: '17:30', returnTime: '19:30' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rentalTimes(res.json().orderId);
    expect(row).toMatchObject({ pickup_minutes: 17 * 60 + 30, return_minutes: 19 * 60 + 30 });
    const times = await get(`/api/rentals/${row!.id}/handover-times`, renter);
    expect(times.statusCode).toBe(200);
    expect(times.json()).toMatchObject({
      pickup: { date: MONDAY, time: '17:30', at: '2030-06-17T16:30:00.000Z', proposal: null, canPropose: true },
      return: { date: WEDNESDAY, time: '19:30', at: '2030-06-19T18:30:00.000Z', proposal: null },
    });
  });
});

describe('proposing and accepting a new time', () => {
  let rentalId: string;
  const propose = (side: string, time: string, who: Person) =>
    post(ctx.app, `/api/rentals/${rentalId}/handover-times/${side}/proposal`, { time }, { cookie: who.cookie });
  const accept = (side: string, who: Person) =>
    post(ctx.app, `/api/rentals/${rentalId}/handover-times/${side}/accept`, {}, { cookie: who.cookie });
  const stored = async () =>
    (await queryRows<{ pickup_minutes: number }>(ctx.database.db, sql`select pickup_minutes from rentals where id = ${rentalId}`))[0]!;

  beforeAll(async () => {
    const res = await checkout({ startDate: '2030-06-24', endDate: '2030-06-24', pickupTime: '09:00', returnTime: '18:30' });
    expect(res.statusCode, res.body).toBe(201);
    rentalId = (await rentalTimes(res.json().orderId))[0]!.id;
  });

  it('is hidden from anyone but the two parties (404), and nothing changes', async () => {
    expect((await get(`/api/rentals/${rentalId}/handover-times`, outsider)).statusCode).toBe(404);
    expect((await propose('pickup', '10:00', outsider)).statusCode).toBe(404);
    await propose('pickup', '10:00', renter);
    expect((await accept('pickup', outsider)).statusCode).toBe(404);
    expect((await get(`/api/rentals/not-a-rental/handover-times`, renter)).statusCode).toBe(404);
    expect((await stored()).pickup_minutes).toBe(9 * 60);
  });

  it("refuses the renter a time outside the owner's hours (400) and the proposer's own accept (403)", async () => {
    const outside = await propose('pickup', '13:00', renter);
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside).message).toBe('13:00 is not one of the handover times on that day. Please choose another.');
    const proposed = await propose('pickup', '11:30', renter);
    expect(proposed.statusCode).toBe(200);
    expect((proposed.json() as RentalHandoverTimes).pickup.proposal).toEqual({ time: '11:30', by: 'renter', canAccept: false });
    const own = await accept('pickup', renter);
    expect(own.statusCode).toBe(403);
    expect((await stored()).pickup_minutes).toBe(9 * 60);
  });

  it('tells the owner, who accepts: the proposal becomes the time', async () => {
    const [notice] = await queryRows<{ user_id: string; title: string }>(
      ctx.database.db,
      sql`select user_id, title from notifications where rental_id = ${rentalId} and kind = 'rental.handover_time_proposed' order by created_at desc limit 1`,
    );
    expect(notice).toEqual({ user_id: owner.user.id, title: 'New pick-up time proposed: Cordless Drill' });
    const seen = (await get(`/api/rentals/${rentalId}/handover-times`, owner)).json() as RentalHandoverTimes;
    expect(seen.pickup.proposal).toEqual({ time: '11:30', by: 'renter', canAccept: true });
    const res = await accept('pickup', owner);
    expect(res.statusCode).toBe(200);
    expect((res.json() as RentalHandoverTimes).pickup).toMatchObject({ time: '11:30', proposal: null });
    expect((await stored()).pickup_minutes).toBe(11 * 60 + 30);
    expect((await accept('pickup', owner)).statusCode).toBe(409);
  });

  it('lets the owner offer a time outside their usual hours, which the renter accepts', async () => {
    expect((await propose('return', '21:00', owner)).statusCode).toBe(200);
    const res = await accept('return', renter);
    expect(res.statusCode).toBe(200);
    expect((res.json() as RentalHandoverTimes).return).toMatchObject({ time: '21:00', at: '2030-06-24T20:00:00.000Z' });
  });
});
