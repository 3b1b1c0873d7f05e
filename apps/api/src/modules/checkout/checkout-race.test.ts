import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';

/**
 * Many renters pay for the same item and days at the same moment. On PostgreSQL the requests really
 * run in parallel (a pool of connections); the exclusion constraint must let exactly one through.
 */
describe('concurrent checkouts of one item and dates', () => {
  let ctx: TestContext;
  const mailer = createMemoryMailer();
  beforeAll(async () => {
    ctx = await createTestApp({ mailer });
    await insertCategories(ctx.database.db);
  });
  afterAll(async () => ctx?.close());

  it('50 at once give exactly one booking, 49 conflicts, no 5xx, and no orphan payment or ledger row', async () => {
    const renters: Array<{ cookie: string }> = [];
    for (let i = 0; i < 5; i++) renters.push(await createSignedInUser(ctx.app, mailer, `racer${i}@example.com`, `Racer ${i}`));
    await ctx.database.db.execute(sql`update users set address_line = '1 Track', address_city = 'Leeds', address_postcode = 'LS1 4AP'`);
    const owner = await createUser(ctx.database.db, { name: 'Popular Owner' });
    const item = await createItem(ctx.database.db, owner.id, { name: 'Popular Gazebo', minDays: 1, maxDays: 7 });
    const start = addDays(todayInLondon(), 5);
    const end = addDays(todayInLondon(), 7);

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          ctx.app,
          '/api/checkout',
          {
            // Overlapping but not identical ranges, so that the database, not a pre-check, decides.
            lines: [{ itemId: item.id, startDate: i % 2 ? start : addDays(start, 1), endDate: end }],
            card: { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Racer' },
            idempotencyKey: randomUUID(),
          },
          { cookie: renters[i % renters.length]!.cookie },
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);

    const db = ctx.database.db;
    const rentals = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rentals where item_id = ${item.id}`);
    expect(rentals[0]!.n).toBe(1);
    const orphanPayments = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from payments p where not exists (select 1 from rentals r where r.payment_id = p.id)`,
    );
    expect(orphanPayments[0]!.n).toBe(0);
    const orphanLedger = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ledger_entries l where not exists (select 1 from rentals r where r.payment_id = l.payment_id)`,
    );
    expect(orphanLedger[0]!.n).toBe(0);
    const balanced = await queryRows<{ sum: number }>(db, sql`select coalesce(sum(amount_pence), 0)::int as sum from ledger_entries`);
    expect(balanced[0]!.sum).toBe(0);
  }, 60_000);
});
