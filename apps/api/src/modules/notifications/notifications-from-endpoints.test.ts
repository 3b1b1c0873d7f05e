import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';

/** The real producers: checkout, cancel, return and reviews each lead to one notice for the other person. */
let ctx: TestContext;
const mailer = createMemoryMailer();
type Person = { cookie: string; user: { id: string; email: string } };
let owner: Person;
let renter: Person;
const today = todayInLondon();

async function kindsOf(userId: string) {
  await ctx.app.jobs.runDue();
  await ctx.app.jobs.runDue();
  const rows = await queryRows<{ kind: string }>(
    ctx.database.db,
    sql`select kind from notifications where user_id = ${userId} order by created_at, kind`,
  );
  return rows.map((r) => r.kind);
}

async function book(itemId: string, startDate: string, endDate: string): Promise<string> {
  const card = { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Rita Renter' };
  const res = await post(
    ctx.app,
    '/api/checkout',
    { lines: [{ itemId, startDate, endDate }], card, idempotencyKey: randomUUID() },
    { cookie: renter.cookie },
  );
  expect(res.statusCode).toBe(201);
  await ctx.app.jobs.runDue();
  const [row] = await queryRows<{ id: string }>(
    ctx.database.db,
    sql`select id from rentals where item_id = ${itemId} and start_date = ${startDate}::date`,
  );
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'olga@example.com', 'Olga Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rick@example.com', 'Rick Renter');
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/me/address',
    payload: { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' },
    headers: { cookie: renter.cookie, origin: 'http://localhost:3000' },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => ctx?.close());

describe('notifications through the real endpoints', () => {
  it('a checkout tells the owner once and gives the renter a receipt; the renter cancelling tells both sides', async () => {
    const item = await createItem(ctx.database.db, owner.user.id, { name: 'Log splitter' });
    const rentalId = await book(item.id, addDays(today, 5), addDays(today, 6));
    expect(await kindsOf(owner.user.id)).toEqual(['rental.booked']);
    expect(await kindsOf(renter.user.id)).toEqual(['order.paid']);
    const email = mailer.lastTo('olga@example.com');
    expect(email.subject).toBe('New booking: Log splitter');

    const cancelled = await post(ctx.app, `/api/rentals/${rentalId}/cancel`, {}, { cookie: renter.cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(await kindsOf(owner.user.id)).toEqual(['rental.booked', 'rental.cancelled']);
    expect(await kindsOf(renter.user.id)).toEqual(['order.paid', 'rental.cancelled']);
  });

  it('the owner marking it returned tells the renter; each review, once published, tells the person reviewed', async () => {
    await ctx.database.db.execute(sql`delete from notifications`);
    const item = await createItem(ctx.database.db, owner.user.id, { name: 'Tile cutter' });
    // Ends in two days, so tomorrow morning's return reminder is not due yet.
    const rentalId = await book(item.id, today, addDays(today, 2));
    const returned = await post(ctx.app, `/api/rentals/${rentalId}/return`, {}, { cookie: owner.cookie });
    expect(returned.statusCode).toBe(204);
    expect(await kindsOf(renter.user.id)).toEqual(['order.paid', 'rental.returned']);

    expect(
      (await post(ctx.app, `/api/rentals/${rentalId}/review`, { rating: 4.5, comment: 'Great tool' }, { cookie: renter.cookie }))
        .statusCode,
    ).toBe(201);
    expect(
      (await post(ctx.app, `/api/rentals/${rentalId}/review`, { rating: 5, comment: 'Careful renter' }, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(201);
    // A rental starting today also asks the owner for pick-up photos, from 08:00 London (handover-reminders.test.ts):
    // whether that notice is there yet depends on the hour this runs, so it is set aside here.
    expect((await kindsOf(owner.user.id)).filter((kind) => kind !== 'rental.pickup_photos')).toEqual(['rental.booked', 'review.received']);
    expect(await kindsOf(renter.user.id)).toEqual(['order.paid', 'rental.returned', 'review.received']);
  });

  it('a message through the endpoint tells the recipient once', async () => {
    await ctx.database.db.execute(sql`delete from notifications`);
    const item = await createItem(ctx.database.db, owner.user.id, { name: 'Wallpaper steamer' });
    expect((await post(ctx.app, `/api/items/${item.id}/messages`, { content: 'Hello!' }, { cookie: renter.cookie })).statusCode).toBe(201);
    expect(await kindsOf(owner.user.id)).toEqual(['message.received']);
    expect(await kindsOf(renter.user.id)).toEqual([]);
  });
});
