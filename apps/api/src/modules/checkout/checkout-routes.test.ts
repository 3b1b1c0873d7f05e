import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DECLINE_MESSAGES, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { Order, WheelbarrowCheckResponse } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
const today = todayInLondon();
const d = (n: number) => addDays(today, n);
const card = { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Maya Patel' };
let renter: { cookie: string; user: { id: string } };
let owner: { id: string };
let drill: { id: string; ownerId: string };
let saw: { id: string; ownerId: string };

async function count(table: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(ctx.database.db, sql.raw(`select count(*)::int as n from ${table}`));
  return rows[0]!.n;
}

async function checkout(
  lines: Array<{ itemId: string; startDate: string; endDate: string } & Record<string, unknown>>,
  extra: Record<string, unknown> = {},
  cookie = renter.cookie,
) {
  return post(ctx.app, '/api/checkout', { lines, card, idempotencyKey: randomUUID(), ...extra }, { cookie });
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  renter = await createSignedInUser(ctx.app, mailer, 'renter@example.com', 'Rita Renter');
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/me/address',
    payload: { line: '1 Mill Lane', city: 'Leeds', postcode: 'ls14ap' },
    headers: { cookie: renter.cookie, origin: 'http://localhost:3000' },
  });
  expect(saved.json()).toMatchObject({ address: { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' } });
  owner = await createUser(ctx.database.db, { name: 'Olive Owner' });
  drill = await createItem(ctx.database.db, owner.id, { name: 'Cordless Drill', dailyRatePence: 1250, minDays: 1, maxDays: 7 });
  saw = await createItem(ctx.database.db, owner.id, { name: 'Circular Saw', dailyRatePence: 999, minDays: 2, maxDays: 5 });
});
afterAll(async () => ctx?.close());

describe('POST /api/checkout', () => {
  it('books every line, charges the server price and writes a balanced ledger', async () => {
    // Browsing first, so that a cached answer exists and must be dropped by the booking.
    const freeBefore = await ctx.app.inject({ method: 'GET', url: `/api/categories/all/items?startDate=${d(2)}&endDate=${d(4)}` });
    expect(freeBefore.json().items.map((i: { id: string }) => i.id)).toContain(drill.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/items/${drill.id}` })).json().bookedRanges).toEqual([]);
    const res = await checkout(
      [
        { itemId: drill.id, startDate: d(2), endDate: d(4), dailyRatePence: 1, totalPence: 1 },
        { itemId: saw.id, startDate: d(2), endDate: d(3) },
      ],
      { totalPence: 5 },
    );
    expect(res.statusCode).toBe(201);
    const { orderId } = res.json() as { orderId: string };
    const order = (
      await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie: renter.cookie } })
    ).json() as Order;
    // 3 x 1250 + 2 x 999 = 5748; fee 574.8 -> 575
    expect(order).toMatchObject({
      reference: expect.stringMatching(/^TS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{2}$/),
      subtotalPence: 5748,
      serviceFeePence: 575,
      totalPence: 6323,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(order.rentals.every((r) => r.orderReference === order.reference)).toBe(true);
    expect(order.rentals.map((r) => [r.item.name, r.days, r.totalPence, r.status])).toEqual([
      ['Circular Saw', 2, 1998, 'upcoming'],
      ['Cordless Drill', 3, 3750, 'upcoming'],
    ]);
    const ledger = await queryRows<{ kind: string; account: string; amount_pence: number; user_id: string | null }>(
      ctx.database.db,
      sql`select kind, account, amount_pence, user_id from ledger_entries where payment_id = ${orderId} order by kind, amount_pence`,
    );
    // One charge of 6323, written per line with its fee share (575 split 375 + 200 by line totals).
    expect(ledger).toEqual([
      { kind: 'owner_earnings', account: 'pending', amount_pence: 1998, user_id: owner.id },
      { kind: 'owner_earnings', account: 'pending', amount_pence: 3750, user_id: owner.id },
      { kind: 'rental_payment', account: 'card', amount_pence: -4125, user_id: renter.user.id },
      { kind: 'rental_payment', account: 'card', amount_pence: -2198, user_id: renter.user.id },
      { kind: 'service_fee', account: 'fees', amount_pence: 200, user_id: null },
      { kind: 'service_fee', account: 'fees', amount_pence: 375, user_id: null },
    ]);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/items/${drill.id}` });
    expect(detail.json().bookedRanges).toContainEqual({ startDate: d(2), endDate: d(4) });
    const freeAfter = await ctx.app.inject({ method: 'GET', url: `/api/categories/all/items?startDate=${d(2)}&endDate=${d(4)}` });
    expect(freeAfter.json().items.map((i: { id: string }) => i.id)).not.toContain(drill.id);
    const stored = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from payments where last4 = '4242' and brand = 'visa'`,
    );
    expect(stored[0]!.n).toBe(1);
  });

  it.each([
    ['past dates', () => ({ itemId: drill.id, startDate: d(-1), endDate: d(1) }), 'in the past'],
    ['too short', () => ({ itemId: saw.id, startDate: d(10), endDate: d(10) }), 'at least 2 days'],
    ['too long', () => ({ itemId: saw.id, startDate: d(10), endDate: d(15) }), 'at most 5 days'],
  ])('refuses %s and books nothing', async (_label, line, message) => {
    const before = await count('rentals');
    const res = await checkout([line()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await count('rentals')).toBe(before);
  });

  it('refuses booking your own item', async () => {
    const me = await createSignedInUser(ctx.app, mailer, 'owner-renter@example.com', 'Self Booker');
    await ctx.database.db.execute(
      sql`update users set address_line = '2 Road', address_city = 'York', address_postcode = 'YO1 7HH' where id = ${me.user.id}`,
    );
    const mine = await createItem(ctx.database.db, me.user.id, { name: 'My Ladder' });
    const res = await checkout([{ itemId: mine.id, startDate: d(3), endDate: d(3) }], {}, me.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('You cannot rent your own item (My Ladder).');
  });

  it('books nothing and charges nothing when the second line collides', async () => {
    const before = { rentals: await count('rentals'), payments: await count('payments'), ledger: await count('ledger_entries') };
    const res = await checkout([
      { itemId: saw.id, startDate: d(20), endDate: d(21) },
      { itemId: drill.id, startDate: d(3), endDate: d(3) },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/^Cordless Drill is already booked for some of/);
    expect({ rentals: await count('rentals'), payments: await count('payments'), ledger: await count('ledger_entries') }).toEqual(before);
  });

  it('charges once when the same checkout is retried with its key', async () => {
    const key = randomUUID();
    const lines = [{ itemId: drill.id, startDate: d(30), endDate: d(31) }];
    const first = await checkout(lines, { idempotencyKey: key });
    const again = await checkout(lines, { idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().orderId).toBe(first.json().orderId);
    const payments = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from rentals where item_id = ${drill.id} and start_date = ${d(30)}::date`,
    );
    expect(payments[0]!.n).toBe(1);
    const other = await checkout([{ itemId: saw.id, startDate: d(40), endDate: d(41) }], { idempotencyKey: key });
    expect(other.statusCode).toBe(409);
  });

  it.each([
    ['declined', TEST_CARDS.declined, 50, DECLINE_MESSAGES.declined],
    ['insufficient funds', TEST_CARDS.insufficientFunds, 53, DECLINE_MESSAGES.insufficient_funds],
    ['a processing error', TEST_CARDS.processingError, 56, DECLINE_MESSAGES.processing_error],
  ])('books nothing when the card is %s, says why, and the same key may try again', async (_label, number, offset, message) => {
    const before = await count('rentals');
    const key = randomUUID();
    const lines = [{ itemId: saw.id, startDate: d(offset), endDate: d(offset + 1) }];
    const res = await checkout(lines, { idempotencyKey: key, card: { ...card, number } });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'PAYMENT_FAILED', field: 'card', message });
    expect(await count('rentals')).toBe(before);
    const retry = await checkout(lines, { idempotencyKey: key });
    expect(retry.statusCode).toBe(201);
  });

  it('refuses a bad card before charging, naming the field', async () => {
    const res = await checkout([{ itemId: saw.id, startDate: d(60), endDate: d(61) }], {
      card: { ...card, number: '4242 4242 4242 4241' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'card.number', message: 'Please enter a valid card number' });
  });

  it('asks for an address first', async () => {
    const noAddress = await createSignedInUser(ctx.app, mailer, 'homeless@example.com', 'No Address');
    const res = await checkout([{ itemId: saw.id, startDate: d(60), endDate: d(61) }], {}, noAddress.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('address');
  });

  it('needs a session', async () => {
    const res = await post(ctx.app, '/api/checkout', {
      lines: [{ itemId: saw.id, startDate: d(60), endDate: d(61) }],
      card,
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/wheelbarrow/check', () => {
  it('prices the lines and flags deleted items and taken dates', async () => {
    const gone = await createItem(ctx.database.db, owner.id, { name: 'Gone Sander', deletedAt: new Date() });
    const res = await post(ctx.app, '/api/wheelbarrow/check', {
      lines: [
        { itemId: saw.id, startDate: d(70), endDate: d(72) },
        { itemId: drill.id, startDate: d(3), endDate: d(3) },
        { itemId: gone.id, startDate: d(70), endDate: d(70) },
        { itemId: randomUUID(), startDate: d(70), endDate: d(70) },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as WheelbarrowCheckResponse;
    expect(body.lines.map((l) => l.state)).toEqual(['ok', 'unavailable', 'unavailable', 'missing']);
    expect(body).toMatchObject({ subtotalPence: 2997, serviceFeePence: 300, totalPence: 3297 });
  });
});

describe('rentals of the signed-in user', () => {
  it('lists them with status, and shows one only to its renter or owner', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me/rentals', headers: { cookie: renter.cookie } });
    const rentals = res.json().rentals as Array<{ id: string; status: string; item: { name: string } }>;
    expect(rentals.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rentals.map((r) => r.status))).toEqual(new Set(['upcoming']));
    const one = await ctx.app.inject({ method: 'GET', url: `/api/rentals/${rentals[0]!.id}`, headers: { cookie: renter.cookie } });
    expect(one.statusCode).toBe(200);
    const { item, startDate } = one.json() as { item: { id: string }; startDate: string };
    const bySpecAddress = await ctx.app.inject({
      method: 'GET',
      url: `/api/rentals/${item.id}-${startDate}`,
      headers: { cookie: renter.cookie },
    });
    expect(bySpecAddress.json().id).toBe(rentals[0]!.id);
    const stranger = await createSignedInUser(ctx.app, mailer, 'stranger@example.com', 'Stranger');
    const hidden = await ctx.app.inject({ method: 'GET', url: `/api/rentals/${rentals[0]!.id}`, headers: { cookie: stranger.cookie } });
    expect(hidden.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/rentals/${item.id}-${startDate}`, headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(hidden.json().error.message).toBe('Rental not found.');
  });
});
