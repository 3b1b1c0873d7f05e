import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { CategoriesResponse, ItemsPage } from '@toolshed/core/contract';
import { addDays, todayInLondon } from '@toolshed/core';
import { queryRows } from '../../db/database.ts';
import { itemImages, items, rentals, users } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
let ownerId: string;

/** Inserts `n` listed 'Bound' sanders in moving-equipment, each a minute newer than the last. */
async function addSanders(n: number, from: number) {
  const rows = Array.from({ length: n }, (_, k) => ({
    ownerId,
    categoryId: 'moving-equipment',
    name: `Bound Sander ${from + k}`,
    description: 'Counted at the bound',
    dailyRatePence: 500,
    createdAt: new Date(Date.UTC(2026, 0, 1) + (from + k) * 60_000),
  }));
  await ctx.database.db.insert(items).values(rows);
}

async function page(query: string, category = 'moving-equipment'): Promise<ItemsPage> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/categories/${category}/items?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ItemsPage;
}

/** Two words across all categories: answered from search_items (migration 0019), not the postings. */
const acrossAll = (query: string) => page(`search=sander+bound${query}`, 'all');

async function sidebar(): Promise<CategoriesResponse> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/categories' })).json() as CategoriesResponse;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { BROWSE_CACHE_MS: '0' } });
  await insertCategories(ctx.database.db);
  ownerId = (await createUser(ctx.database.db, { name: 'Bound Owner', rating: 4 })).id;
  // Not matched by the search below, so the unfiltered total differs from the filtered one.
  await createItem(ctx.database.db, ownerId, { categoryId: 'moving-equipment', name: 'Sack Truck' });
  await addSanders(1000, 0);
});

afterAll(async () => {
  await ctx?.close();
});

describe('counting at the bound of 1,000 matches', () => {
  it('exactly 1,000 matches: the exact total, the last page partly filled, nothing after it', async () => {
    const first = await page('search=bound');
    expect(first).toMatchObject({ total: 1000, totalCapped: false, page: 1, pageSize: 24 });
    expect(first.items.map((i) => i.name).slice(0, 2)).toEqual(['Bound Sander 999', 'Bound Sander 998']);
    const last = await page('search=bound&page=42');
    expect(last.total).toBe(1000);
    expect(last.items).toHaveLength(1000 - 41 * 24);
    expect(last.items.at(-1)?.name).toBe('Bound Sander 0');
    const tenth = await page('search=bound&pageSize=100&page=10');
    expect(tenth.items).toHaveLength(100);
    const beyond = await page('search=bound&pageSize=100&page=11');
    expect(beyond).toMatchObject({ total: 1000, totalCapped: false, items: [] });

    expect(await acrossAll('')).toMatchObject({ total: 1000, totalCapped: false });
    // No words across all categories: counted in no order, by price (migration 0021). The sack
    // truck (£10) is over the price.
    const cheap = await page('maxPrice=5', 'all');
    expect(cheap).toMatchObject({ total: 1000, totalCapped: false });
    expect(cheap.items[0]?.name).toBe('Bound Sander 999');
    expect(await page('maxPrice=10', 'all')).toMatchObject({ total: 1000, totalCapped: true });
    const acrossLast = await acrossAll('&page=42');
    expect(acrossLast.items.map((i) => i.name).slice(-2)).toEqual(['Bound Sander 1', 'Bound Sander 0']);
    expect(acrossLast.items).toHaveLength(1000 - 41 * 24);
    expect(await acrossAll('&pageSize=100&page=11')).toMatchObject({ total: 1000, totalCapped: false, items: [] });
  });

  it('1,001 matches: 1,000 and capped, while every page still holds the right items', async () => {
    await addSanders(1, 1000);
    const first = await page('search=bound');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.items[0]?.name).toBe('Bound Sander 1000');
    const last = await page('search=bound&page=42');
    expect(last.items).toHaveLength(1001 - 41 * 24);
    expect(last.items.at(-1)?.name).toBe('Bound Sander 0');
    // A page past the bound is still served, from its own window of matches.
    const beyond = await page('search=bound&pageSize=100&page=11');
    expect(beyond).toMatchObject({ total: 1000, totalCapped: true });
    expect(beyond.items.map((i) => i.name)).toEqual(['Bound Sander 0']);

    const across = await acrossAll('');
    expect(across).toMatchObject({ total: 1000, totalCapped: true });
    expect(across.items[0]?.name).toBe('Bound Sander 1000');
    expect((await acrossAll('&page=42')).items).toHaveLength(1001 - 41 * 24);
    expect((await acrossAll('&pageSize=100&page=11')).items.map((i) => i.name)).toEqual(['Bound Sander 0']);

    const cheap = await page('maxPrice=5&minRating=4', 'all');
    expect(cheap).toMatchObject({ total: 1000, totalCapped: true });
    expect(cheap.items[0]?.name).toBe('Bound Sander 1000');
    expect((await page('maxPrice=5&page=42', 'all')).items.at(-1)?.name).toBe('Bound Sander 0');
  });

  it('relevance past the bound: the photographed first, newest first, on every page, from the kept matches or a walk', async () => {
    // Every third sander gets a photo (its owner is rated): relevance's first tier (decision 022).
    const sanders = await queryRows<{ id: string; name: string }>(
      ctx.database.db,
      sql`select id, name from items where name like 'Bound Sander %'`,
    );
    const number = (name: string) => Number(name.split(' ').at(-1));
    const photographed = sanders.filter((s) => number(s.name) % 3 === 0);
    await ctx.database.db.insert(itemImages).values(
      photographed.map((s) => ({
        itemId: s.id,
        position: 0,
        largeKey: `items/${s.id}/0-large.webp`,
        thumbKey: `items/${s.id}/0-thumb.webp`,
        width: 600,
        height: 400,
      })),
    );
    const numbers = sanders.map((s) => number(s.name)).sort((a, b) => b - a);
    const expected = [...numbers.filter((n) => n % 3 === 0), ...numbers.filter((n) => n % 3 !== 0)].map((n) => `Bound Sander ${n}`);
    expect(expected).toHaveLength(1001);
    // Pages 1 and 2 lie in the first tier among the newest 1,001 matches (cut from them); page 14
    // crosses into the second tier and page 42 is in it (walked).
    for (const [label, get] of [
      ['one word in a category', (q: string) => page(`search=bound${q}`)],
      ['two words across all categories', acrossAll],
    ] as const) {
      for (const n of [1, 2, 14, 15, 42]) {
        const answer = await get(`&page=${n}`);
        expect(answer.sort, label).toBe('relevance');
        expect(
          answer.items.map((i) => i.name),
          `${label}, page ${n}`,
        ).toEqual(expected.slice((n - 1) * 24, n * 24));
      }
    }
  });

  it('the unfiltered category counts exactly from the maintained counts, past the bound', async () => {
    const all = await page('');
    expect(all).toMatchObject({ total: 1002, totalCapped: false });
    expect((await sidebar()).categories.find((c) => c.id === 'moving-equipment')?.itemCount).toBe(1002);
  });
});

describe('maintained category counts', () => {
  it('follow listing, hiding, deleting, moving and removing items', async () => {
    const db = ctx.database.db;
    const count = async (id: string) => (await sidebar()).categories.find((c) => c.id === id)?.itemCount;
    const before = await sidebar();
    const hedge = await createItem(db, ownerId, { categoryId: 'garden-tools', name: 'Hedge Trimmer' });
    expect(await count('garden-tools')).toBe(1);
    await db.update(items).set({ available: false }).where(eq(items.id, hedge.id));
    expect(await count('garden-tools')).toBe(0);
    await db.update(items).set({ available: true, categoryId: 'power-tools' }).where(eq(items.id, hedge.id));
    expect(await count('garden-tools')).toBe(0);
    expect(await count('power-tools')).toBe(1);
    await db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, hedge.id));
    expect(await count('power-tools')).toBe(0);
    const lamp = await createItem(db, ownerId, { categoryId: 'power-tools', name: 'Work Lamp' });
    await db.delete(items).where(eq(items.id, lamp.id));
    expect(await count('power-tools')).toBe(0);
    const after = await sidebar();
    expect(after.totalItems).toBe(before.totalItems);
  });

  it('stay equal to a real count after many concurrent changes', async () => {
    const db = ctx.database.db;
    const made = await db
      .insert(items)
      .values(
        Array.from({ length: 40 }, (_, k) => ({
          ownerId,
          categoryId: k % 2 ? 'camping-gear' : 'party-supplies',
          name: `Race ${k}`,
          description: 'x',
          dailyRatePence: 100,
        })),
      )
      .returning({ id: items.id });
    const ids = made.map((m) => m.id);
    // Each change in its own transaction, all at once: hide, move, delete and add, overlapping.
    await Promise.all(
      ids.map((id, k) =>
        db.transaction(async (tx) => {
          if (k % 4 === 0) await tx.update(items).set({ available: false }).where(eq(items.id, id));
          else if (k % 4 === 1) await tx.update(items).set({ categoryId: 'party-supplies' }).where(eq(items.id, id));
          else if (k % 4 === 2) await tx.delete(items).where(eq(items.id, id));
          else
            await tx
              .insert(items)
              .values({ ownerId, categoryId: 'camping-gear', name: `Race extra ${k}`, description: 'x', dailyRatePence: 100 });
        }),
      ),
    );
    await db
      .update(items)
      .set({ available: true })
      .where(inArray(items.id, ids.slice(0, 8)));
    const rows = await queryRows<{ category_id: string; n: number }>(
      db,
      sql`select category_id, count(*)::int as n from items where deleted_at is null and available group by category_id`,
    );
    const counts = (await sidebar()).categories;
    for (const c of counts) expect(c.itemCount, c.id).toBe(rows.find((r) => r.category_id === c.id)?.n ?? 0);
  });
});

describe('what browse filters on, kept on the item row', () => {
  const today = todayInLondon();
  const day = (n: number) => addDays(today, n);
  const found = async (query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/categories/audio-visual/items?${query}` });
    return (res.json() as ItemsPage).items.map((i) => i.name);
  };

  it('dates follow bookings, cancellations, returns and moved rentals', async () => {
    const db = ctx.database.db;
    const renter = await createUser(db, { name: 'Renter' });
    const projector = await createItem(db, ownerId, { categoryId: 'audio-visual', name: 'Projector' });
    const free = (from: number, to: number) => found(`startDate=${day(from)}&endDate=${day(to)}`);
    expect(await free(5, 6)).toEqual(['Projector']);
    const rental = await createRental(db, projector, renter.id, 5, 2);
    expect(await free(5, 6)).toEqual([]);
    expect(await free(6, 9)).toEqual([]);
    expect(await free(7, 9)).toEqual(['Projector']);
    await db
      .update(rentals)
      .set({ startDate: day(20), endDate: day(21) })
      .where(eq(rentals.id, rental.id));
    expect(await free(5, 6)).toEqual(['Projector']);
    expect(await free(21, 22)).toEqual([]);
    await db.update(rentals).set({ cancelledAt: new Date() }).where(eq(rentals.id, rental.id));
    expect(await free(21, 22)).toEqual(['Projector']);
    const second = await createRental(db, projector, renter.id, 30, 1);
    expect(await free(30, 30)).toEqual([]);
    await db.update(rentals).set({ returned: true }).where(eq(rentals.id, second.id));
    expect(await free(30, 30)).toEqual(['Projector']);
    const third = await createRental(db, projector, renter.id, 40, 1);
    await db.delete(rentals).where(eq(rentals.id, third.id));
    expect(await free(40, 40)).toEqual(['Projector']);
  });

  it("a minimum rating follows the owner's rating as it changes, for items old and new", async () => {
    const db = ctx.database.db;
    const lender = await createUser(db, { name: 'Rated Lender', rating: 3 });
    await createItem(db, lender.id, { categoryId: 'audio-visual', name: 'Speaker' });
    expect(await found('minRating=4&search=speaker')).toEqual([]);
    await db.update(users).set({ rating: 4.5 }).where(eq(users.id, lender.id));
    expect(await found('minRating=4&search=speaker')).toEqual(['Speaker']);
    await createItem(db, lender.id, { categoryId: 'audio-visual', name: 'Second Speaker' });
    expect(await found('minRating=4.5&search=speaker')).toEqual(['Second Speaker', 'Speaker']);
    await db.update(users).set({ rating: null }).where(eq(users.id, lender.id));
    expect(await found('minRating=3&search=speaker')).toEqual([]);
  });

  it('bookings of one item on different days, committed at the same time, all block their days', async () => {
    const db = ctx.database.db;
    const renter = await createUser(db, { name: 'Busy Renter' });
    const camera = await createItem(db, ownerId, { categoryId: 'audio-visual', name: 'Camera' });
    const offsets = Array.from({ length: 12 }, (_, k) => 50 + k * 2);
    await Promise.all(
      offsets.map((o) => db.transaction(async (tx) => void (await createRental(tx as unknown as typeof db, camera, renter.id, o, 1)))),
    );
    for (const o of offsets) expect(await found(`search=camera&startDate=${day(o)}`), `day +${o}`).toEqual([]);
    expect(await found(`search=camera&startDate=${day(51)}`)).toEqual(['Camera']);
  });
});
