import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, priceBasket, todayInLondon } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { renterAndOwner, TEST_CARD } from './checkout-test-fixtures.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
const today = todayInLondon();
const d = (n: number) => addDays(today, n);
let renter: { cookie: string; user: { id: string } };
let other: { cookie: string; user: { id: string } };
let owner: { id: string };

const checkout = (cookie: string, lines: Array<{ itemId: string; startDate: string; endDate: string }>) =>
  post(ctx.app, '/api/checkout', { lines, card: TEST_CARD, idempotencyKey: randomUUID() }, { cookie });

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  ({ renter, owner } = await renterAndOwner(ctx, mailer, 'renter@example.com'));
  other = await createSignedInUser(ctx.app, mailer, 'other@example.com', 'Omar Other');
  await ctx.database.db.execute(
    sql`update users set address_line = '2 Mill Lane', address_city = 'Leeds', address_postcode = 'LS1 4AP' where id = ${other.user.id}`,
  );
});
afterAll(async () => ctx?.close());

async function pgCode(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}

describe('weekly price', () => {
  it('a 9-day rental is charged one week and two days, the wheelbarrow check says the same', async () => {
    const mixer = await createItem(ctx.database.db, owner.id, {
      name: 'Cement mixer',
      dailyRatePence: 1500,
      weeklyRatePence: 7000,
      maxDays: 14,
    });
    const line = { itemId: mixer.id, startDate: d(3), endDate: d(11) };
    const expected = priceBasket([{ dailyRatePence: 1500, weeklyRatePence: 7000, days: 9 }]);
    expect(expected).toMatchObject({ subtotalPence: 10_000, serviceFeePence: 1000, totalPence: 11_000 });

    const check = await post(ctx.app, '/api/wheelbarrow/check', { lines: [line] }, { cookie: renter.cookie });
    expect(check.json()).toMatchObject({
      subtotalPence: 10_000,
      totalPence: 11_000,
      lines: [{ state: 'ok', lineTotalPence: 10_000, item: { weeklyRatePence: 7000 } }],
    });

    const res = await checkout(renter.cookie, [line]);
    expect(res.statusCode).toBe(201);
    const order = (
      await ctx.app.inject({ method: 'GET', url: `/api/orders/${res.json().orderId}`, headers: { cookie: renter.cookie } })
    ).json() as Order;
    expect(order).toMatchObject({ subtotalPence: 10_000, serviceFeePence: 1000, totalPence: 11_000 });
    expect(order.rentals[0]).toMatchObject({ days: 9, totalPence: 10_000 });
    const card = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select sum(amount_pence)::int as n from ledger_entries where account = 'card' and user_id = ${renter.user.id}`,
    );
    expect(card[0]!.n).toBe(-11_000);
  });

  it('the item form takes a weekly price and the popup shows it', async () => {
    const detail = await createItem(ctx.database.db, owner.id, {
      name: 'Sander',
      weeklyRatePence: 4000,
      bufferDays: 2,
      bookingMode: 'request',
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/items/${detail.id}` });
    expect(res.json()).toMatchObject({ weeklyRatePence: 4000, bufferDays: 2, bookingMode: 'request' });
  });
});

describe('buffer days', () => {
  it('keeps the buffer free after and before a rental, in the popup calendar and at checkout', async () => {
    const trailer = await createItem(ctx.database.db, owner.id, { name: 'Trailer', bufferDays: 2 });
    expect((await checkout(renter.cookie, [{ itemId: trailer.id, startDate: d(10), endDate: d(12) }])).statusCode).toBe(201);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/items/${trailer.id}` });
    expect(detail.json().bookedRanges).toEqual([{ startDate: d(8), endDate: d(14) }]);

    // Starting the day after the end, or within two days of it: refused, with the reason.
    for (const [startDate, endDate] of [
      [d(13), d(13)],
      [d(14), d(15)],
      [d(6), d(8)],
      [d(9), d(9)],
    ] as const) {
      const refused = await checkout(other.cookie, [{ itemId: trailer.id, startDate, endDate }]);
      expect(refused.statusCode, `${startDate}..${endDate}`).toBe(409);
      expect(refused.json().error.message).toContain('Trailer is already booked');
    }
    // Two free days between: allowed on both sides.
    expect((await checkout(other.cookie, [{ itemId: trailer.id, startDate: d(15), endDate: d(16) }])).statusCode).toBe(201);
    expect((await checkout(other.cookie, [{ itemId: trailer.id, startDate: d(5), endDate: d(7) }])).statusCode).toBe(201);
  });

  it('the database refuses a rental inside the buffer even when the application check is skipped', async () => {
    const van = await createItem(ctx.database.db, owner.id, { name: 'Van', bufferDays: 1 });
    const insert = (start: string, end: string) =>
      ctx.database.db.execute(
        sql`insert into rentals (item_id, renter_id, owner_id, start_date, end_date, total_pence, buffer_days) values (${van.id}, ${renter.user.id}, ${owner.id}, ${start}, ${end}, 0, 1)`,
      );
    await insert(d(20), d(21));
    expect(await pgCode(insert(d(22), d(23)))).toBe('23P01');
    expect(await pgCode(insert(d(18), d(19)))).toBe('23P01');
    expect(await pgCode(insert(d(23), d(24)))).toBeUndefined();
  });
});
