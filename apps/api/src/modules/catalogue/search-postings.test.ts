import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { BrowseFilters } from '@toolshed/core';
import type { ItemsPage } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { items, users } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';
import { postingsAnswer, preparable } from './browse-sql.ts';
import { matchingItems } from './matches-sql.ts';
import { NO_STATISTICS, type SearchCosts } from './search-costs.ts';
import { listSearchSamples } from './search-test-fixtures.ts';
import { rowCount } from './page-sql.ts';

let ctx: TestContext;
let ownerId: string;
let renterId: string;

async function names(category: string, query: string): Promise<string[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/categories/${category}/items?${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as ItemsPage).items.map((i) => i.name).sort();
}

const search = (words: string, extra = '') => names('all', `search=${encodeURIComponent(words)}${extra}`);

/** What the item rows themselves say: each word a substring of the lower-cased text (the oracle). */
async function expected(words: string[]): Promise<string[]> {
  const conditions = words.map((w) => sql`position(${w} in search_text) > 0`);
  const rows = await queryRows<{ name: string }>(
    ctx.database.db,
    sql`select name from items where deleted_at is null and available and ${sql.join(conditions, sql` and `)}`,
  );
  return rows.map((r) => r.name).sort();
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { BROWSE_CACHE_MS: '0' } });
  await insertCategories(ctx.database.db);
  ownerId = (await createUser(ctx.database.db, { name: 'Search Owner', rating: 3 })).id;
  renterId = (await createUser(ctx.database.db, { name: 'Search Renter' })).id;
  const db = ctx.database.db;
  await listSearchSamples(db, ownerId);
});

afterAll(async () => {
  await ctx?.close();
});

describe('word search through the search postings', () => {
  it('matches words inside longer tokens, across punctuation, and every word of several', async () => {
    for (const words of [
      ['saw'],
      ['jig'],
      ['blades'],
      ['curves'],
      ['duty'],
      ['heavy-duty'],
      ['3.5m'],
      ['ladder', 'aluminium'],
      ['k4'],
      ['k4:'],
      ["neighbour's"],
      ['frames', 'trim'],
      ['for', 'tent'],
      ['four.'],
    ]) {
      expect(await search(words.join(' ')), words.join(' ')).toEqual(await expected(words));
    }
    expect(await search('saw')).toEqual(['Jigsaw', 'Mitre saw']);
    expect(await search('SAW   Mitre')).toEqual(['Mitre saw']);
    expect(await search('festivals')).toEqual(['Tent']);
    expect(await search('saw ladder')).toEqual([]);
  });

  it('gives the same items in the same order on every path: the walk, the postings with the other words probed, matched or intersected', async () => {
    const path = (walk: boolean, probe: boolean): SearchCosts => ({ ...NO_STATISTICS, preferWalk: () => walk, probeOthers: () => probe });
    const ids = async (categoryId: string | null, search: string, costs: SearchCosts, extra: { maxPricePence?: number } = {}) =>
      (
        await queryRows<{ id: string }>(
          ctx.database.db,
          matchingItems({ categoryId }, { page: 1, pageSize: 24, search, ...extra }, 100, 0, costs),
        )
      ).map((r) => r.id);
    // Across all categories several words are intersected in search_items; within one, the other
    // word's postings are matched by a semi join.
    for (const categoryId of [null, 'power-tools']) {
      for (const words of ['saw', 'for trim', 'saw mitre', 'blades curves', 'and cars', 'for tent', 'ladder aluminium', 'cars and the']) {
        const label = `${words} in ${categoryId ?? 'all'}`;
        const walked = await ids(categoryId, words, path(true, false));
        if (categoryId === null || words !== 'for tent') expect(walked.length, label).toBeGreaterThan(0);
        expect(await ids(categoryId, words, path(false, false)), `${label}, matched or intersected`).toEqual(walked);
        expect(await ids(categoryId, words, path(false, true)), `${label}, probed`).toEqual(walked);
        const cheap = { maxPricePence: 0 };
        expect(await ids(categoryId, words, path(false, false), cheap), `${label}, nothing under 0p`).toEqual(
          await ids(categoryId, words, path(true, false), cheap),
        );
        expect(await ids(categoryId, words, path(false, true), cheap), `${label}, probed, nothing under 0p`).toEqual(
          await ids(categoryId, words, path(true, false), cheap),
        );
      }
    }
  });

  it("reads each of a word's tokens only as far as the window, and still gives the walk's items for every window", async () => {
    const db = ctx.database.db;
    // 'grind' is inside three tokens; the items alternate between them, and some have two.
    const names = ['Angle grinder', 'Bench grinders', 'Regrinding kit', 'Grinder and grinders'];
    for (let n = 0; n < 24; n++) {
      await createItem(db, ownerId, {
        name: `${names[n % 4]} ${n}`,
        description: 'Window test.',
        dailyRatePence: 700 + (n % 3) * 100,
        createdAt: new Date(Date.UTC(2025, 5, 1, 0, n)),
      });
    }
    const costs = (walk: boolean): SearchCosts => ({ ...NO_STATISTICS, preferWalk: () => walk });
    const ids = async (limit: number, offset: number, walk: boolean, extra: Partial<BrowseFilters> = {}) =>
      (
        await queryRows<{ id: string }>(
          db,
          matchingItems({ categoryId: null }, { page: 1, pageSize: 24, search: 'grind', ...extra }, limit, offset, costs(walk)),
        )
      ).map((r) => r.id);
    const sql = new PgDialect().sqlToQuery(
      matchingItems({ categoryId: null }, { page: 1, pageSize: 24, search: 'grind' }, 5, 7, costs(false)),
    ).sql;
    expect(sql).toMatch(/cross join lateral \(select [\s\S]* limit 12\) p/);
    for (const [limit, offset] of [
      [5, 0],
      [5, 7],
      [3, 20],
      [100, 0],
      [1, 23],
      [4, 24],
    ] as const) {
      for (const extra of [{}, { maxPricePence: 800 }]) {
        const walked = await ids(limit, offset, true, extra);
        expect(await ids(limit, offset, false, extra), `limit ${limit} offset ${offset} ${JSON.stringify(extra)}`).toEqual(walked);
      }
    }
    expect(await ids(100, 0, false)).toHaveLength(24);
    expect(await ids(4, 24, false)).toEqual([]);
  });

  it('intersects several words across all categories in search_items, and matches them by postings within one', () => {
    const dialect = new PgDialect();
    const f = { page: 1, pageSize: 24, search: 'ladder aluminium' };
    const text = (categoryId: string | null) => dialect.sqlToQuery(matchingItems({ categoryId }, f, 24)).sql;
    expect(text(null)).toMatch(/from search_items i where i\.token_ids && .* and i\.token_ids && /);
    expect(text('power-tools')).toMatch(/from search_postings i\b/);
    expect(text('power-tools')).not.toMatch(/search_items/);
    expect(dialect.sqlToQuery(matchingItems({ categoryId: null }, { ...f, search: 'ladder' }, 24)).sql).not.toMatch(/search_items/);
  });

  it('sends only whole-token-safe words of three or more characters to the postings', () => {
    expect(postingsAnswer(['saw', 'ladder'])).toBe(true);
    expect(postingsAnswer(['sa'])).toBe(false);
    expect(postingsAnswer(['heavy-duty'])).toBe(false);
    expect(postingsAnswer(['k4:'])).toBe(false);
    expect(postingsAnswer(['café'])).toBe(true);
    expect(postingsAnswer([])).toBe(false);
  });

  it('prepares every statement except those whose plan hinges on a LIKE pattern over items', () => {
    const f = { page: 1, pageSize: 24 };
    expect(preparable(f)).toBe(true);
    expect(preparable({ ...f, maxPricePence: 500, minRating: 4 })).toBe(true);
    expect(preparable({ ...f, search: 'drill', startDate: '2030-01-01', endDate: '2030-01-02' })).toBe(true);
    expect(preparable({ ...f, startDate: '2030-01-01', endDate: '2030-01-02' })).toBe(true);
    expect(preparable({ ...f, search: 'k4: drill' })).toBe(false);
  });

  it('prepares the first three windows of pages at the app page size only, since each window is its own statement', () => {
    expect(preparable({ page: 5, pageSize: 24 })).toBe(true);
    expect(preparable({ page: 6, pageSize: 24 })).toBe(false);
    expect(preparable({ page: 1, pageSize: 10 })).toBe(false);
  });

  it('writes a LIMIT or OFFSET into the statement only when it is a whole number of rows', () => {
    expect(rowCount(1001)).toBeDefined();
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => rowCount(bad)).toThrow(/whole number/);
  });

  it('sees a rename, a new description, a price, a category and availability at once', async () => {
    const db = ctx.database.db;
    const item = await createItem(db, ownerId, { name: 'Wallpaper steamer', description: 'Strips old paper fast.', dailyRatePence: 1500 });
    expect(await search('steamer')).toEqual(['Wallpaper steamer']);
    // Two words across all categories are answered from search_items, kept by the same triggers.
    expect(await search('wallpaper steamer')).toEqual(['Wallpaper steamer']);

    await db.update(items).set({ name: 'Wallpaper stripper' }).where(eq(items.id, item.id));
    expect(await search('steamer')).toEqual([]);
    expect(await search('stripper')).toEqual(['Wallpaper stripper']);
    expect(await search('wallpaper steamer')).toEqual([]);
    expect(await search('wallpaper stripper')).toEqual(['Wallpaper stripper']);

    await db.update(items).set({ description: 'Steam lifts paper quickly.' }).where(eq(items.id, item.id));
    expect(await search('strips')).toEqual([]);
    expect(await search('quickly')).toEqual(['Wallpaper stripper']);
    expect(await search('strips stripper')).toEqual([]);
    expect(await search('quickly stripper')).toEqual(['Wallpaper stripper']);

    expect(await search('stripper', '&maxPrice=10')).toEqual([]);
    await db.update(items).set({ dailyRatePence: 900 }).where(eq(items.id, item.id));
    expect(await search('stripper', '&maxPrice=10')).toEqual(['Wallpaper stripper']);
    expect(await search('wallpaper stripper', '&maxPrice=8')).toEqual([]);
    expect(await search('wallpaper stripper', '&maxPrice=9')).toEqual(['Wallpaper stripper']);

    expect(await names('power-tools', 'search=stripper')).toEqual(['Wallpaper stripper']);
    await db.update(items).set({ categoryId: 'cleaning-equipment' }).where(eq(items.id, item.id));
    expect(await names('power-tools', 'search=stripper')).toEqual([]);
    expect(await names('cleaning-equipment', 'search=stripper')).toEqual(['Wallpaper stripper']);

    await db.update(items).set({ available: false }).where(eq(items.id, item.id));
    expect(await search('stripper')).toEqual([]);
    expect(await search('wallpaper stripper')).toEqual([]);
    await db.update(items).set({ available: true }).where(eq(items.id, item.id));
    expect(await search('stripper')).toEqual(['Wallpaper stripper']);
    expect(await search('wallpaper stripper')).toEqual(['Wallpaper stripper']);

    await db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, item.id));
    expect(await search('stripper')).toEqual([]);
    expect(await search('wallpaper stripper')).toEqual([]);
  });

  it("follows the owner's rating, bookings and a hard delete", async () => {
    const db = ctx.database.db;
    const owner = await createUser(db, { name: 'Rated Owner', rating: 3 });
    const item = await createItem(db, owner.id, { name: 'Cement mixer', description: 'Half a bag at a time.' });
    expect(await search('mixer', '&minRating=4')).toEqual([]);
    expect(await search('cement mixer', '&minRating=4')).toEqual([]);
    await db.update(users).set({ rating: 4.5 }).where(eq(users.id, owner.id));
    expect(await search('mixer', '&minRating=4')).toEqual(['Cement mixer']);
    expect(await search('cement mixer', '&minRating=4')).toEqual(['Cement mixer']);

    const rental = await createRental(db, item, renterId, 3, 2);
    const dates = (from: string, to: string) => `&startDate=${from}&endDate=${to}`;
    expect(await search('mixer', dates(rental.startDate, rental.endDate))).toEqual([]);
    expect(await search('cement mixer', dates(rental.startDate, rental.endDate))).toEqual([]);
    await db.execute(sql`update rentals set cancelled_at = now() where id = ${rental.id}`);
    expect(await search('mixer', dates(rental.startDate, rental.endDate))).toEqual(['Cement mixer']);
    expect(await search('cement mixer', dates(rental.startDate, rental.endDate))).toEqual(['Cement mixer']);

    await db.execute(sql`delete from rentals where item_id = ${item.id}`);
    await db.delete(items).where(eq(items.id, item.id));
    expect(await search('mixer')).toEqual([]);
    const left = await queryRows<{ postings: number; rows: number }>(
      db,
      sql`select (select count(*) from search_postings where item_id = ${item.id})::int as postings,
                 (select count(*) from search_items where item_id = ${item.id})::int as rows`,
    );
    expect(left[0]).toEqual({ postings: 0, rows: 0 });
  });

  it("follows the item's public point, which words within a radius and nearest first read from the postings and search_items", async () => {
    const db = ctx.database.db;
    const item = await createItem(db, ownerId, { name: 'Tile cutter', description: 'Scores and snaps porcelain.' });
    const [york, leeds] = [
      { latitude: 53.96, longitude: -1.08 },
      { latitude: 53.8, longitude: -1.55 },
    ];
    const copies = async () =>
      queryRows<{ table: string; latitude: number | null; longitude: number | null }>(
        db,
        sql`select 'postings' as table, public_latitude as latitude, public_longitude as longitude from search_postings where item_id = ${item.id}
            union all select 'items', public_latitude, public_longitude from search_items where item_id = ${item.id}`,
      );
    const near = (place: { latitude: number; longitude: number }, words: string) =>
      search(words, `&near=${place.latitude},${place.longitude}&radius=5`);

    await db.update(items).set({ publicLatitude: york.latitude, publicLongitude: york.longitude }).where(eq(items.id, item.id));
    const atYork = await copies();
    expect(atYork.length).toBeGreaterThan(2);
    expect(atYork.every((c) => c.latitude === york.latitude && c.longitude === york.longitude)).toBe(true);
    expect(await near(york, 'cutter')).toEqual(['Tile cutter']);
    expect(await near(york, 'tile porcelain')).toEqual(['Tile cutter']);
    expect(await near(leeds, 'cutter')).toEqual([]);

    await db.update(items).set({ publicLatitude: leeds.latitude, publicLongitude: leeds.longitude }).where(eq(items.id, item.id));
    expect((await copies()).every((c) => c.latitude === leeds.latitude && c.longitude === leeds.longitude)).toBe(true);
    expect(await near(leeds, 'cutter')).toEqual(['Tile cutter']);
    expect(await near(leeds, 'tile porcelain')).toEqual(['Tile cutter']);
    expect(await near(york, 'cutter')).toEqual([]);
  });
});
