import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon, VERIFIED_PHONE_REASON } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { rentals, users } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { rentalKit } from '../rentals/rental-test-kit.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
const kit = rentalKit(() => ctx);
type Person = { cookie: string; user: { id: string } };
let owner: Person;
let renter: Person;
let item: ItemDetail;
const d = (n: number) => addDays(todayInLondon(), n);

const input = {
  name: 'Hedge Trimmer',
  description: 'Cordless, 50 cm blade, two batteries.',
  dailyRatePence: 1200,
  categoryId: 'garden-tools',
  minDays: 1,
  maxDays: 7,
  address: '12 Elm Road',
  city: 'Leeds',
  postcode: 'LS6 2AB',
  available: true,
};

const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string; field?: string } }).error;
const savedLines = async (who: Person) =>
  ((await send('GET', '/api/me/wheelbarrow', who.cookie)).json() as { lines: Array<{ itemId: string }> }).lines.map((l) => l.itemId);
const rentalCount = async () =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from rentals where renter_id = ${renter.user.id} and not returned and cancelled_at is null`,
    )
  )[0]!.n;

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  await kit.saveAddress(renter.cookie);
  const created = await send('POST', '/api/items', owner.cookie, { ...input, requireVerifiedPhone: true, minCompletedRentals: 2 });
  expect(created.statusCode, created.body).toBe(201);
  item = created.json() as ItemDetail;
});
afterAll(async () => ctx?.close());

describe("an owner's requirements of renters", () => {
  it('are saved with the item and shown with it; none by default', async () => {
    expect(item.requirements).toEqual({ requireVerifiedPhone: true, minCompletedRentals: 2 });
    const plain = (await send('POST', '/api/items', owner.cookie, input)).json() as ItemDetail;
    expect(plain.requirements).toEqual({ requireVerifiedPhone: false, minCompletedRentals: 0 });
    const changed = await send('PUT', `/api/items/${plain.id}`, owner.cookie, { ...input, minCompletedRentals: 50 });
    expect((changed.json() as ItemDetail).requirements).toEqual({ requireVerifiedPhone: false, minCompletedRentals: 50 });
  });

  it.each([
    [51, 'At most 50 completed rentals'],
    [-1, 'The minimum completed rentals cannot be negative'],
    [1.5, 'Use a whole number of rentals'],
  ])('refuses a minimum of %s completed rentals', async (n, message) => {
    const res = await send('PUT', `/api/items/${item.id}`, owner.cookie, { ...input, minCompletedRentals: n });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ message, field: 'minCompletedRentals' });
    expect(((await send('GET', `/api/items/${item.id}`)).json() as ItemDetail).requirements).toEqual({
      requireVerifiedPhone: true,
      minCompletedRentals: 2,
    });
  });

  it('tells the signed-in renter where they stand (visitors: 401)', async () => {
    expect((await send('GET', '/api/me/renter-standing', renter.cookie)).json()).toEqual({ phoneVerified: false, completedRentals: 0 });
    expect((await send('GET', '/api/me/renter-standing')).statusCode).toBe(401);
  });

  it('refuses the line at wheelbarrow add and at checkout with the reason, changing nothing, until the renter meets them', async () => {
    const other = await createItem(ctx.database.db, owner.user.id, { name: 'Rake' });
    expect(
      (await send('PUT', '/api/me/wheelbarrow', renter.cookie, { lines: [{ itemId: other.id, startDate: d(3), endDate: d(4) }] }))
        .statusCode,
    ).toBe(200);

    const line = { itemId: item.id, startDate: d(3), endDate: d(4) };
    const add = await send('PUT', '/api/me/wheelbarrow', renter.cookie, {
      lines: [{ itemId: other.id, startDate: d(3), endDate: d(4) }, line],
    });
    expect(add.statusCode).toBe(403);
    expect(errorOf(add).message).toBe(`${VERIFIED_PHONE_REASON} The owner asks for renters with at least 2 completed rentals; you have 0.`);
    expect(await savedLines(renter)).toEqual([other.id]);

    const checkout = await kit.book(renter.cookie, [line]);
    expect(checkout.statusCode).toBe(403);
    expect(errorOf(checkout).message).toBe(
      `${VERIFIED_PHONE_REASON} The owner asks for renters with at least 2 completed rentals; you have 0.`,
    );
    const both = await kit.book(renter.cookie, [line, { itemId: other.id, startDate: d(3), endDate: d(4) }]);
    expect(errorOf(both).message).toBe(
      `Hedge Trimmer: ${VERIFIED_PHONE_REASON} The owner asks for renters with at least 2 completed rentals; you have 0.`,
    );
    expect(await rentalCount()).toBe(0);

    // A verified phone, and one returned rental: not enough yet.
    await ctx.database.db
      .update(users)
      .set({ phoneCountryCode: 'GB', phoneNumber: '7700900123', phoneVerified: true })
      .where(sql`id = ${renter.user.id}`);
    const past = await createItem(ctx.database.db, owner.user.id, { name: 'Old ladder' });
    await ctx.database.db.insert(rentals).values({
      itemId: past.id,
      ownerId: owner.user.id,
      renterId: renter.user.id,
      startDate: d(-20),
      endDate: d(-18),
      totalPence: 100,
      returned: true,
      returnedAt: new Date(),
    });
    // A cancelled one does not count.
    await ctx.database.db.insert(rentals).values({
      itemId: past.id,
      ownerId: owner.user.id,
      renterId: renter.user.id,
      startDate: d(-10),
      endDate: d(-8),
      totalPence: 100,
      cancelledAt: new Date(),
    });
    const still = await kit.book(renter.cookie, [line]);
    expect(errorOf(still).message).toBe('The owner asks for renters with at least 2 completed rentals; you have 1.');

    await ctx.database.db.insert(rentals).values({
      itemId: past.id,
      ownerId: owner.user.id,
      renterId: renter.user.id,
      startDate: d(-16),
      endDate: d(-15),
      totalPence: 100,
      returned: true,
      returnedAt: new Date(),
    });
    expect((await send('GET', '/api/me/renter-standing', renter.cookie)).json()).toEqual({ phoneVerified: true, completedRentals: 2 });
    expect((await send('PUT', '/api/me/wheelbarrow', renter.cookie, { lines: [line] })).statusCode).toBe(200);
    const booked = await kit.book(renter.cookie, [line]);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await rentalCount()).toBe(1);
  });

  it('flags the line in the wheelbarrow check for a renter who does not meet them, with the reason, and prices only the rest', async () => {
    const asking = await createItem(ctx.database.db, owner.user.id, { name: 'Log splitter', dailyRatePence: 2000, minCompletedRentals: 9 });
    const plain = await createItem(ctx.database.db, owner.user.id, { name: 'Wheelbarrow', dailyRatePence: 1000 });
    const lines = [
      { itemId: asking.id, startDate: d(20), endDate: d(21) },
      { itemId: plain.id, startDate: d(20), endDate: d(21) },
    ];
    type Check = { lines: Array<{ itemId: string; state: string; message: string | null }>; subtotalPence: number };
    const mine = (await send('POST', '/api/wheelbarrow/check', renter.cookie, { lines })).json() as Check;
    expect(mine.lines.map((l) => [l.state, l.message])).toEqual([
      ['invalid', 'The owner asks for renters with at least 9 completed rentals; you have 2.'],
      ['ok', null],
    ]);
    expect(mine.subtotalPence).toBe(2000);
    // A visitor is not yet anyone: the line is only refused once they sign in.
    const visitor = (await send('POST', '/api/wheelbarrow/check', undefined, { lines })).json() as Check;
    expect(visitor.lines.map((l) => l.state)).toEqual(['ok', 'ok']);
    expect(visitor.subtotalPence).toBe(6000);
  });

  it('keeps a line already saved when the owner adds a requirement later (checkout still refuses it)', async () => {
    const later = await createItem(ctx.database.db, owner.user.id, { name: 'Strimmer' });
    const line = { itemId: later.id, startDate: d(10), endDate: d(11) };
    expect((await send('PUT', '/api/me/wheelbarrow', renter.cookie, { lines: [line] })).statusCode).toBe(200);
    await ctx.database.db.execute(sql`update items set min_completed_rentals = 5 where id = ${later.id}`);
    expect((await send('PUT', '/api/me/wheelbarrow', renter.cookie, { lines: [line] })).statusCode).toBe(200);
    const res = await kit.book(renter.cookie, [line]);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe('The owner asks for renters with at least 5 completed rentals; you have 2.');
  });
});
