import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { TEST_CARD } from './checkout-test-fixtures.ts';

/**
 * On a PostgreSQL server, a database of this file's own: the server counts deadlocks per database,
 * and other test files run at the same time in other schemas of the shared one.
 */
async function ownDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const shared = process.env.DATABASE_URL;
  if (!shared) return null;
  const name = `deadlocks_${randomBytes(6).toString('hex')}`;
  const run = async (url: string, statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(shared, `create database "${name}"`);
  const own = new URL(shared);
  own.pathname = `/${name}`;
  await run(own.href, 'create extension btree_gist; create extension pg_trgm');
  return { url: own.href, drop: () => run(shared, `drop database if exists "${name}" with (force)`) };
}

/**
 * Overlapping multi-item baskets at the same moment, each listing its items in its own order. On
 * PostgreSQL they run in parallel; the booking locks items in id order, so they queue instead of
 * deadlocking. Deadlocks are counted by the server (pg_stat_database), not inferred from answers.
 */
describe('40 overlapping baskets at once', () => {
  let ctx: TestContext;
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  const mailer = createMemoryMailer();
  beforeAll(async () => {
    own = await ownDatabase();
    const shared = process.env.DATABASE_URL;
    if (own) process.env.DATABASE_URL = own.url;
    try {
      // The card delay makes every basket pass the early checks and reach the booking together.
      ctx = await createTestApp({ mailer, payments: createSimulatedProcessor({ delayMs: 300 }) });
    } finally {
      if (own) process.env.DATABASE_URL = shared;
    }
    await insertCategories(ctx.database.db);
  });
  afterAll(async () => {
    await ctx?.close();
    await own?.drop();
  });

  const deadlocks = async () =>
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select coalesce(sum(deadlocks), 0)::int as n from pg_stat_database where datname = current_database()`,
      )
    )[0]!.n;

  it('book or refuse cleanly with zero deadlocks and no double booking', async () => {
    const db = ctx.database.db;
    const renters: Array<{ cookie: string }> = [];
    for (let i = 0; i < 4; i++) renters.push(await createSignedInUser(ctx.app, mailer, `basket${i}@example.com`, `Basket ${i}`));
    await db.execute(sql`update users set address_line = '1 Track', address_city = 'Leeds', address_postcode = 'LS1 4AP'`);
    const owner = await createUser(db, { name: 'Busy Owner' });
    const items: Array<{ id: string }> = [];
    for (let i = 0; i < 6; i++) items.push(await createItem(db, owner.id, { name: `Tool ${i}`, minDays: 1, maxDays: 7 }));
    const today = todayInLondon();
    const before = await deadlocks();

    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        // Three items out of six, rotated and reversed so that baskets share items in opposite orders.
        const picked = [items[i % 6]!, items[(i + 2) % 6]!, items[(i + 4) % 6]!];
        const ordered = i % 2 ? picked.reverse() : picked;
        const start = addDays(today, 5 + (i % 3));
        return post(
          ctx.app,
          '/api/checkout',
          {
            lines: ordered.map((item) => ({ itemId: item.id, startDate: start, endDate: addDays(start, 2) })),
            card: TEST_CARD,
            idempotencyKey: randomUUID(),
          },
          { cookie: renters[i % renters.length]!.cookie },
        );
      }),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(await deadlocks()).toBe(before);

    const overlaps = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rentals a join rentals b on a.item_id = b.item_id and a.id < b.id
          and daterange(a.start_date, a.end_date, '[]') && daterange(b.start_date, b.end_date, '[]')`,
    );
    expect(overlaps[0]!.n).toBe(0);
    const sums = await queryRows<{ n: number }>(db, sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries`);
    expect(sums[0]!.n).toBe(0);
  }, 120_000);
});
