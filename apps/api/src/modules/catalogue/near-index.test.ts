import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { BrowseFilters } from '@toolshed/core';
import { queryRows, type Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import type { BrowseScope } from './browse-sql.ts';
import { countedItems } from './matches-sql.ts';
import { orderedWalk } from './order-sql.ts';
import { firstRows } from './page-sql.ts';
import { chordOfMetres, metresOfChord, withinRadiusByBands, type Near } from './near-sql.ts';
import { nearestBeyond } from './nearest-sql.ts';

/**
 * The nearest-first order must be answerable from `items_near_idx` (migration 0029): the index is on
 * an expression, and a query that spells the point differently cannot use it. Sequential scans are
 * switched off so that the plan says whether the index can serve the query at all, whatever the size
 * of this small table (against 0023's ll_to_earth spelling it fails). The radius filter spells the
 * point with the same helper (publicPointOf); on a near-empty table the planner prefers other partial
 * indexes for it, so its use of the index is measured by the browse benchmark instead.
 */
let database: Database;
let dispose: () => Promise<void>;
const NEAR = { latitude: 51.752, longitude: -1.258 };
const filters: BrowseFilters = { page: 1, pageSize: 20 };

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(async () => dispose());

async function plan(query: SQL): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** The plan of `query` with only the indexes `kept` left on items (in a transaction rolled back). */
async function planWithOnly(kept: string[], query: SQL): Promise<string> {
  let text = '';
  await database.db
    .transaction(async (tx) => {
      const others = await queryRows<{ name: string }>(
        tx,
        // The items table's own indexes by its oid (pg_indexes reads every schema's, and fails when a
        // parallel test file drops one meanwhile).
        sql`select c.relname as name from pg_index x join pg_class c on c.oid = x.indexrelid where x.indrelid = 'items'::regclass
            and c.relname not in (${sql.join(
              kept.map((k) => sql`${k}`),
              sql`, `,
            )}) and c.relname not in (select conname from pg_constraint)`,
      );
      for (const { name } of others) await tx.execute(sql.raw(`drop index "${name}"`));
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
      text = rows.map((r) => r['QUERY PLAN']).join('\n');
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!text) throw err;
    });
  return text;
}

describe('the near index', () => {
  // Across all categories the index keyed by the point alone (0036); within one, the one keyed by
  // category first (0034), which a browse across all categories cannot use (its predicate, 0048).
  it('serves the nearest-first order across all categories from the index keyed by the point', async () => {
    const scope: BrowseScope = { categoryId: null, near: NEAR };
    expect(await plan(orderedWalk(scope, filters, 'nearest', firstRows(20)))).toMatch(/Index (Only )?Scan using items_near_all_idx/);
    const circle: BrowseScope = { categoryId: null, near: { ...NEAR, radiusMetres: 16_000 } };
    expect(await plan(orderedWalk(circle, filters, 'nearest', firstRows(20)))).toMatch(/Index (Only )?Scan using items_near_all_idx/);
    // Even left alone on items, the index keyed by category cannot serve a browse across all categories.
    expect(await planWithOnly(['items_near_idx'], orderedWalk(circle, filters, 'nearest', firstRows(20)))).not.toMatch(/items_near_idx/);
  });

  // A radius that found nothing (nearest-sql.ts): the nearest match is the first of the same walk,
  // and the matches around it are read from the same index.
  it('finds the nearest match beyond a radius and those around it from the same index', async () => {
    const all: BrowseScope & { near: Near & { radiusMetres: number } } = { categoryId: null, near: { ...NEAR, radiusMetres: 8_000 } };
    const across = await plan(nearestBeyond(all, filters));
    expect(across).toMatch(/Index (Only )?Scan using items_near_all_idx/);
    expect(across).not.toMatch(/Seq Scan on items/);
    const one = await plan(nearestBeyond({ ...all, categoryId: 'garden-tools' }, filters));
    expect(one).toMatch(/Index (Only )?Scan using items_near_idx/);
    expect(one).not.toMatch(/Seq Scan on items/);
  });

  it('serves the nearest-first order within a category from the index keyed by category', async () => {
    const scope: BrowseScope = { categoryId: 'garden-tools', near: { ...NEAR, radiusMetres: 16_000 } };
    expect(await plan(orderedWalk(scope, filters, 'nearest', firstRows(20)))).toMatch(/Index (Only )?Scan using items_near_idx/);
  });

  // Migration 0035: the price and rating indexes are keyed in the whole order and carry the public
  // point, so a walk by price or rating within a radius checks the circle on each entry and stops
  // after the page, with nothing to sort but the page itself.
  it.each(['price', 'rating'] as const)('walks the %s index in order within a radius, checking the circle on it', async (sort) => {
    const scope: BrowseScope = { categoryId: null, near: { ...NEAR, radiusMetres: 16_000 } };
    const text = await plan(orderedWalk(scope, filters, sort, firstRows(20)));
    expect(text).toMatch(new RegExp(`Index (Only )?Scan using items_${sort}_idx`));
    expect(text).not.toMatch(/Incremental Sort|items_near(_all)?_idx/);
  });
});

// Migration 0045: a radius across all categories is read by bands of latitude, one range of the
// btree per band; nearest first still walks the GiST index in distance order. Migration 0047: from the
// bands' index that leaves the search text out (since 0057, the only one).
describe('the bands of latitude', () => {
  const circle: BrowseScope = { categoryId: null, near: { ...NEAR, radiusMetres: 16_000 } };

  it('serve a radius across all categories, one range per band, from the bands index', async () => {
    const text = await planWithOnly(['items_band_keys_idx'], countedItems(circle, filters, 1001));
    expect(text).toMatch(/Index Only Scan using items_band_keys_idx/);
    expect(text).toMatch(/Index Cond: \(+floor\(\(public_latitude \* '50'::double precision\)\)\)::integer\) = ANY .*public_longitude >= /);
  });

  it('leave the nearest-first walk within a radius to the GiST index', async () => {
    expect(await plan(orderedWalk(circle, filters, 'nearest', firstRows(20)))).toMatch(/Index (Only )?Scan using items_near(_all)?_idx/);
  });

  // Points on a grid around origins (one on a band's edge; one whose circle crosses the equator, one
  // south of it, one far north), each kept exactly when earth_distance puts it within the radius: the
  // bands and the box never drop a point the circle holds, and the test before the chord
  // (`insideCircle`) never lets one in that it does not.
  it.each([
    { latitude: 51.752, longitude: -1.258, miles: 1 },
    { latitude: 53.38, longitude: -1.47, miles: 25 },
    { latitude: 55.94, longitude: -3.19, miles: 3 },
    { latitude: 0.05, longitude: 100, miles: 10 },
    { latitude: -33.87, longitude: 151.21, miles: 25 },
    { latitude: 69.65, longitude: 18.96, miles: 25 },
  ])('keep exactly the points within $miles miles of ($latitude, $longitude)', async ({ latitude, longitude, miles }) => {
    const radiusMetres = miles * 1609.344;
    const near = { latitude, longitude, radiusMetres };
    const span = (radiusMetres / 111_000) * 1.3;
    const rows = await queryRows<{ inside: boolean; exact: boolean }>(
      database.db,
      sql`select ${withinRadiusByBands(near)} as inside,
                 earth_distance(earth_point(${latitude}::float8, ${longitude}::float8), earth_point(i.public_latitude, i.public_longitude)) <= ${radiusMetres}::float8 as exact
          from generate_series(-40, 40) a, generate_series(-40, 40) b,
               lateral (select ${latitude}::float8 + a * ${span / 40}::float8 as public_latitude,
                               ${longitude}::float8 + b * ${(span * 1.7) / 40}::float8 as public_longitude) i`,
    );
    expect(rows).toHaveLength(81 * 81);
    expect(rows.filter((r) => r.exact).length).toBeGreaterThan(1000);
    expect(rows.filter((r) => r.inside !== r.exact)).toEqual([]);
  });
});

// The circle is checked on the chord (`chordOfMetres`, computed once per browse) and cards convert the
// chord back (`metresOfChord`): both must agree with earthdistance's own great-circle metres, which
// radius searches used before, so that an item is inside exactly when `earth_distance` says so.
describe('the chord of a radius', () => {
  it('converts as earthdistance does, both ways, from a few metres to across the country', async () => {
    const rows = await queryRows<{ metres: number; chord: number }>(
      database.db,
      sql`select earth_distance(earth_point(51.752, -1.258), earth_point(lat, lon)) as metres,
                 cube_distance(earth_point(51.752, -1.258), earth_point(lat, lon)) as chord
          from (values (51.752, -1.2581), (51.76, -1.25), (51.8, -1.3), (52.2, -0.12), (53.48, -2.24), (57.15, -2.1)) v(lat, lon)`,
    );
    expect(rows).toHaveLength(6);
    for (const { metres, chord } of rows) {
      expect(metres).toBeGreaterThan(0);
      expect(Math.abs(metresOfChord(chord) - metres)).toBeLessThan(1e-6);
      expect(Math.abs(chordOfMetres(metres) - chord)).toBeLessThan(1e-6);
    }
    expect(chordOfMetres(0)).toBe(0);
    expect(metresOfChord(0)).toBe(0);
  });

  it('keeps an item just inside a radius and leaves one just outside, as earth_distance does', async () => {
    const [row] = await queryRows<{ metres: number }>(
      database.db,
      sql`select earth_distance(earth_point(51.752, -1.258), earth_point(51.8, -1.3)) as metres`,
    );
    const metres = row!.metres;
    const inside = async (radius: number) => {
      const [r] = await queryRows<{ inside: boolean }>(
        database.db,
        sql`select cube_distance(earth_point(51.752, -1.258), earth_point(51.8, -1.3)) <= ${chordOfMetres(radius)}::float8 as inside`,
      );
      return r!.inside;
    };
    expect(await inside(metres + 0.01)).toBe(true);
    expect(await inside(metres - 0.01)).toBe(false);
  });
});

// Migration 0050: a category's matches are counted in no order, so an index keyed by category and
// price can serve the count with a maximum price, reading only the category's items under it.
describe('counting a category by price', () => {
  it('reads the category under the price from its index, with nothing to sort', async () => {
    const scope: BrowseScope = { categoryId: 'garden-tools' };
    const text = await planWithOnly(
      ['items_category_price_idx'],
      countedItems(scope, { ...filters, maxPricePence: 500, minRating: 4.5 }, 1001, 'order'),
    );
    expect(text).toMatch(/Index Only Scan using items_category_price_idx/);
    expect(text).toMatch(/Index Cond: \(\(category_id = 'garden-tools'::text\) AND \(daily_rate_pence <= 500\)\)/);
    expect(text).not.toMatch(/Sort/);
  });
});
