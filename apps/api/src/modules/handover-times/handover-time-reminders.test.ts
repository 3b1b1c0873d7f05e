import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@toolshed/core';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { parseCalendar } from '../account/test-ical-parser.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
// Two days before the first rental: sessions last a week, the tests run on to its end.
let clock = new Date('2030-06-15T09:30:00Z');
type Person = { cookie: string; user: { id: string } };
let owner: Person;
let renter: Person;
const card = { number: TEST_CARDS.success, expiry: '12/34', cvv: '123', name: 'Rita Renter' };

async function book(name: string, line: Record<string, unknown>): Promise<string> {
  const item = await createItem(ctx.database.db, owner.user.id, { name, dailyRatePence: 1000, minDays: 1, maxDays: 14 });
  const res = await post(
    ctx.app,
    '/api/checkout',
    { lines: [{ itemId: item.id, ...line }], card, idempotencyKey: randomUUID() },
    { cookie: renter.cookie },
  );
  expect(res.statusCode, res.body).toBe(201);
  await ctx.app.jobs.runDue();
  const [row] = await queryRows<{ id: string }>(ctx.database.db, sql`select id from rentals where payment_id = ${res.json().orderId}`);
  return row!.id;
}

async function reminders(rentalId: string) {
  return queryRows<{ user_id: string; title: string; created_at: string }>(
    ctx.database.db,
    sql`select user_id, title, created_at from notifications where rental_id = ${rentalId} and kind = 'rental.handover_time' order by created_at, user_id`,
  );
}

async function at(iso: string) {
  clock = new Date(iso);
  await ctx.app.jobs.runDue();
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  const address = await ctx.app.inject({
    method: 'PUT',
    url: '/api/me/address',
    payload: { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' },
    headers: { cookie: renter.cookie, origin: ORIGIN },
  });
  expect(address.statusCode).toBe(200);
});
afterAll(async () => ctx?.close());

describe('handover time reminders and the calendar feed', () => {
  let drillRental: string;
  let sawRental: string;

  beforeAll(async () => {
    // Monday 17 June 2030, 17:30 BST (16:30 UTC), back on Wednesday 19 June at 19:30 BST.
    drillRental = await book('Cordless Drill', {
      startDate: '2030-06-17',
      endDate: '2030-06-19',
      pickupTime: '17:30',
      returnTime: '19:30',
    });
    sawRental = await book('Circular Saw', { startDate: '2030-06-18', endDate: '2030-06-18', pickupTime: '09:00', returnTime: '18:00' });
    // The renter asks for 11:00 instead of 09:00 on Tuesday, and the owner accepts.
    const proposed = await post(
      ctx.app,
      `/api/rentals/${sawRental}/handover-times/pickup/proposal`,
      { time: '11:00' },
      { cookie: renter.cookie },
    );
    expect(proposed.statusCode).toBe(200);
    expect((await post(ctx.app, `/api/rentals/${sawRental}/handover-times/pickup/accept`, {}, { cookie: owner.cookie })).statusCode).toBe(
      200,
    );
  });

  it('puts the pick-up and return in the feed as timed events in UTC, beside the all-day rental', async () => {
    const url = (await post(ctx.app, '/api/me/calendar-feed', {}, { cookie: renter.cookie })).json().url as string;
    const res = await ctx.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    const events = parseCalendar(res.body).events.filter((e) => e.UID!.value.startsWith(drillRental));
    expect(
      events.map((e) => [e.UID!.value, e.DTSTART!.value, e.DTSTART!.params, e.DTEND!.value, e.SUMMARY!.value, e.TRANSP!.value]),
    ).toEqual([
      [`${drillRental}-renter@toolshed`, '20300617', { VALUE: 'DATE' }, '20300620', 'Renting: Cordless Drill', 'TRANSPARENT'],
      [
        `${drillRental}-renter-pickup@toolshed`,
        '20300617T163000Z',
        {},
        '20300617T170000Z',
        'Pick up Cordless Drill from Olive Owner',
        'OPAQUE',
      ],
      [
        `${drillRental}-renter-return@toolshed`,
        '20300619T183000Z',
        {},
        '20300619T190000Z',
        'Return Cordless Drill to Olive Owner',
        'OPAQUE',
      ],
    ]);
    expect(events[1]!.DESCRIPTION!.value).toContain('at 17:30 (London time)');
  });

  it('reminds both parties two hours before the pick-up time, once', async () => {
    await at('2030-06-17T14:29:00Z');
    expect(await reminders(drillRental)).toEqual([]);
    await at('2030-06-17T14:30:00Z');
    const sent = await reminders(drillRental);
    expect(sent.map((n) => [n.user_id, n.title]).sort()).toEqual(
      [
        [owner.user.id, 'Pick-up at 17:30: Cordless Drill'],
        [renter.user.id, 'Pick-up at 17:30: Cordless Drill'],
      ].sort(),
    );
    expect(new Date(sent[0]!.created_at).toISOString()).toBe('2030-06-17T14:30:00.000Z');
    await at('2030-06-17T16:00:00Z');
    expect(await reminders(drillRental)).toHaveLength(2);
  });

  it('follows an accepted new time: the old reminder stays silent, the new one comes two hours before it', async () => {
    await at('2030-06-18T06:00:00Z'); // 07:00 BST, two hours before the old 09:00
    expect(await reminders(sawRental)).toEqual([]);
    await at('2030-06-18T08:00:00Z'); // 09:00 BST, two hours before 11:00
    expect((await reminders(sawRental)).map((n) => n.title)).toEqual(['Pick-up at 11:00: Circular Saw', 'Pick-up at 11:00: Circular Saw']);
  });

  it('reminds of the return two hours before it, with the wording for each side', async () => {
    await at('2030-06-19T16:30:00Z'); // 17:30 BST, two hours before 19:30
    const [notice] = await queryRows<{ body: string }>(
      ctx.database.db,
      sql`select body from notifications where rental_id = ${drillRental} and kind = 'rental.handover_time' and user_id = ${renter.user.id} and title like 'Return%'`,
    );
    expect(notice?.body).toBe('You bring Cordless Drill back to Olive Owner at 19:30 today (19 Jun 2030).');
  });
});
