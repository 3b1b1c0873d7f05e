import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, priceBasket, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';

/**
 * For random carts, what the server charges is exactly what the web app previews with the same core
 * function from the prices it shows: same lines, same fee rounding, same total.
 */
describe('checkout charge equals the preview', () => {
  let ctx: TestContext;
  const mailer = createMemoryMailer();
  let cookie: string;
  let ownerId: string;
  let offset = 1;

  beforeAll(async () => {
    ctx = await createTestApp({ mailer });
    await insertCategories(ctx.database.db);
    ({ cookie } = await createSignedInUser(ctx.app, mailer, 'prop@example.com', 'Property Tester'));
    await ctx.database.db.execute(sql`update users set address_line = '1 Road', address_city = 'Leeds', address_postcode = 'LS1 4AP'`);
    ownerId = (await createUser(ctx.database.db)).id;
  });
  afterAll(async () => ctx?.close());

  it('for any rates and day counts', async () => {
    const line = fc.record({ dailyRatePence: fc.integer({ min: 0, max: 50_000 }), days: fc.integer({ min: 1, max: 14 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 4 }), async (cart) => {
        const start = addDays(todayInLondon(), offset);
        offset += 15;
        const lines = [];
        for (const l of cart) {
          const item = await createItem(ctx.database.db, ownerId, { dailyRatePence: l.dailyRatePence, minDays: 1, maxDays: 14 });
          lines.push({ itemId: item.id, startDate: start, endDate: addDays(start, l.days - 1) });
        }
        const res = await post(
          ctx.app,
          '/api/checkout',
          { lines, card: { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'P T' }, idempotencyKey: randomUUID() },
          { cookie },
        );
        expect(res.statusCode).toBe(201);
        const order = (
          await ctx.app.inject({ method: 'GET', url: `/api/orders/${res.json().orderId}`, headers: { cookie } })
        ).json() as Order;
        const preview = priceBasket(cart);
        expect({ subtotal: order.subtotalPence, fee: order.serviceFeePence, total: order.totalPence }).toEqual({
          subtotal: preview.subtotalPence,
          fee: preview.serviceFeePence,
          total: preview.totalPence,
        });
        expect(order.rentals.map((r) => r.totalPence).sort((a, b) => a - b)).toEqual([...preview.lines].sort((a, b) => a - b));
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
