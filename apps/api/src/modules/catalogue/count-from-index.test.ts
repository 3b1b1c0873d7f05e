import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { addDays, todayInLondon, type BrowseFilters } from '@toolshed/core';
import { queryRows, type Db } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';
import type { CarriedKeys } from './browse-sql.ts';
import { countedItems } from './matches-sql.ts';
import { NO_STATISTICS, type SearchCosts } from './search-costs.ts';
import { listSearchSamples } from './search-test-fixtures.ts';

/**
 * A common word across all categories, walked newest first for its page, is counted from the inverted
 * index of search_items when the costs say so (decision 020): the same matches, with the same keys,
 * as the walk would count.
 */
let ctx: TestContext;
let db: Db;
let ownerId: string;
let renterId: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { BROWSE_CACHE_MS: '0' } });
  db = ctx.database.db;
  await insertCategories(db);
  ownerId = (await createUser(db, { name: 'Count Owner', rating: 3 })).id;
  renterId = (await createUser(db, { name: 'Count Renter' })).id;
  await listSearchSamples(db, ownerId);
});

afterAll(async () => {
  await ctx?.close();
});

describe('a walked word counted from search_items', () => {
  it("counts a walked word's matches across all categories from search_items' inverted index, as the walk counts them", async () => {
    const coping = await createItem(db, ownerId, { name: 'Coping saw', description: 'Fine curves in trim.' });
    await createRental(db, coping, renterId, 5, 3);
    const costs = (fromIndex: boolean): SearchCosts => ({ ...NO_STATISTICS, preferWalk: () => true, countFromIndex: () => fromIndex });
    const counted = async (
      categoryId: string | null,
      search: string,
      fromIndex: boolean,
      extra: Partial<BrowseFilters>,
      keys: CarriedKeys = 'none',
    ) =>
      (
        await queryRows<{ id: string; daily_rate_pence?: number; public_latitude?: number | null }>(
          db,
          countedItems({ categoryId }, { page: 1, pageSize: 24, search, ...extra }, 1001, costs(fromIndex), keys),
        )
      )
        .map((r) => (keys === 'none' ? r.id : `${r.id} ${r.daily_rate_pence} ${r.public_latitude}`))
        .sort();
    const text = (categoryId: string | null) =>
      new PgDialect().sqlToQuery(countedItems({ categoryId }, { page: 1, pageSize: 24, search: 'saw' }, 1001, costs(true))).sql;
    expect(text(null)).toMatch(/from search_items i where i\.token_ids && /);
    // Within a category the bitmap would hold every category's candidates: the walk counts.
    expect(text('power-tools')).not.toContain('search_items');
    const booked = { startDate: addDays(todayInLondon(), 6), endDate: addDays(todayInLondon(), 6) };
    const narrowed: Partial<BrowseFilters>[] = [{}, { maxPricePence: 0 }, { minRating: 3 }, { minRating: 4 }, booked];
    let found = 0;
    for (const search of ['saw', 'for trim', 'curves', 'and', 'ladder aluminium']) {
      for (const extra of narrowed) {
        const walked = await counted(null, search, false, extra);
        found += walked.length;
        expect(await counted(null, search, true, extra), `${search} ${JSON.stringify(extra)}`).toEqual(walked);
        // With the keys a small set is sorted by (the price, the rating, the photo flag and the point).
        expect(await counted(null, search, true, extra, 'all'), `${search} ${JSON.stringify(extra)} with keys`).toEqual(
          await counted(null, search, false, extra, 'all'),
        );
      }
    }
    expect(found).toBeGreaterThan(10);
    // The booked saw is counted on other days only.
    expect(await counted(null, 'coping', true, booked)).toEqual([]);
    expect(await counted(null, 'coping', true, {})).toEqual([coping.id]);
  });
});
