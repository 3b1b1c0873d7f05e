/**
 * Browse orders other than newest first (decision 022): walks of the price, rating and GiST indexes
 * in order, the two tiers of relevance, and the keyed matches within a radius that are counted and
 * sorted in one read. The filters they build on are in browse-sql.ts, the newest-first paths in
 * matches-sql.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BrowseFilters, BrowseSort, GeoPoint } from '@toolshed/core';
import { carriedKeys, hasRadius, newestFirst, tierCondition, whereFor, type BrowseScope, type Tier } from './browse-sql.ts';
import { matchingItems } from './matches-sql.ts';
import { pageCut, rowCount, type PageWindow } from './page-sql.ts';
import { insideCircle, originOf, publicPointOf, withinRadius, type Near } from './near-sql.ts';

/**
 * An order other than newest first (decision 022): each page row carries a tier (relevance's two
 * tiers, nearest's located and unlocated items; else 0) and a key `k` (the price, the owner's
 * rating, the chord distance to the origin; 0 for relevance), and rows are ordered by tier, then
 * key, then newest first, so the order is total and the same for every page.
 */
export type OtherSort = Exclude<BrowseSort, 'newest'>;

/** The key of `sort` on `alias` (an items row, or matches carrying their keys), as the matching index orders it. */
function sortKey(sort: OtherSort, alias: string, near: GeoPoint | undefined): SQL {
  switch (sort) {
    case 'price':
      return sql.raw(`${alias}.daily_rate_pence::float8`);
    case 'rating':
      return sql.raw(`${alias}.owner_rating`);
    case 'relevance':
      return sql`0::float8`;
    case 'nearest':
      if (!near) throw new Error('Nearest first needs a location');
      // The chord through the Earth between the two points: in the same order as the great-circle
      // distance, and what the GiST index orders a nearest-first scan by (`<->`, cube's distance).
      return sql`(${publicPointOf(alias)} <-> ${originOf(near)})`;
  }
}

/** The final order of ordered page rows `alias` (id, created_at, tier, k). */
export function orderedRows(sort: OtherSort, alias: string): SQL {
  const key = sort === 'rating' ? `${alias}.k desc nulls last` : `${alias}.k asc nulls last`;
  return sql.raw(`${alias}.tier, ${key}, ${alias}.created_at desc nulls last, ${alias}.id desc nulls last`);
}

/**
 * A walk in the order of `sort` over listed items that pass the filters, up to `limit` rows
 * (id, created_at, k), each served by an index: the price index (migration 0021), the rating index
 * and the GiST index of public points (0023, nearest first). Words are checked on each item as the
 * newest-first walk does (`whereFor`).
 */
function walkInOrder(scope: BrowseScope, f: BrowseFilters, sort: 'price' | 'rating' | 'nearest', limit: number, extra: SQL[] = []): SQL {
  const where = !hasRadius(scope)
    ? whereFor(scope, f, undefined, extra)
    : sort !== 'nearest'
      ? circleOnTheWalk(scope, f, extra)
      : nearestInCircle(scope, f, extra);
  const key = sortKey(sort, 'i', scope.near);
  const order =
    sort === 'price'
      ? sql`i.daily_rate_pence, ${newestFirst('i')}`
      : sort === 'rating'
        ? sql`i.owner_rating desc nulls last, ${newestFirst('i')}`
        : // The GiST index orders by the distance alone; ties (two items at the same public point)
          // would need the exact same random offset, and the rows are ordered in full afterwards.
          key;
  return sql`select i.id, i.created_at, ${key} as k from items i where ${where} order by ${order} limit ${rowCount(limit)}`;
}

/**
 * The conditions of a walk by price or rating within a radius: the circle checked on each entry from
 * the point the price and rating indexes carry (migration 0035), by distance alone. Written with the
 * cube around the circle, as `withinRadius` is, the generic plan (which guesses a handful of items in
 * any circle) read the whole circle from the GiST index and sorted it: 5,300 matches for the third
 * page within 25 miles of a city, 47 ms, where the walk stops after the page.
 */
function circleOnTheWalk(scope: BrowseScope & { near: Near & { radiusMetres: number } }, f: BrowseFilters, extra: SQL[]): SQL {
  const { near, ...anywhere } = scope;
  return whereFor(anywhere, f, undefined, [...extra, insideCircle(near)]);
}

/**
 * The conditions of the nearest-first walk within a radius: the circle as the GiST index finds it
 * (`withinRadius`), which the walk follows in distance order, even across all categories, where a
 * circle's matches are otherwise read by bands of latitude (`withinRadiusByBands`).
 */
function nearestInCircle(scope: BrowseScope & { near: Near & { radiusMetres: number } }, f: BrowseFilters, extra: SQL[]): SQL {
  const { near, ...anywhere } = scope;
  return whereFor(anywhere, f, undefined, [...extra, withinRadius(near)]);
}

/**
 * Two tiers as one ordered list: the first tier's rows (up to `limit`), then as many of the second
 * tier's as the first left room for. The second is not run at all when the first fills the window.
 */
function tiered(first: SQL, second: SQL, limit: number): SQL {
  return sql`with t0 as materialized (${first}),
    t1 as materialized (select * from (${second}) q limit greatest(0, ${rowCount(limit)} - (select count(*) from t0)))
    select id, created_at, 0 as tier, k from t0 union all select id, created_at, 1 as tier, k from t1`;
}

/**
 * The page rows (id, created_at, tier, k) of a browse in the order `sort`, by walking indexes in
 * that order: the window's rows (`page.rows`, written in), cut to the page (`pageCut`). Relevance walks the
 * newest-first paths twice, once per tier; nearest
 * first walks the GiST index, then the items without a location, if any, last.
 */
export function orderedWalk(scope: BrowseScope, f: BrowseFilters, sort: OtherSort, page: PageWindow): SQL {
  const window = page.rows;
  const newest = (tier: Tier) => sql`select id, created_at, 0::float8 as k from (${matchingItems(scope, f, window, 0, tier)}) n`;
  const rows =
    sort === 'relevance'
      ? tiered(newest('shown'), newest('bare'), window)
      : sort === 'nearest' && !hasRadius(scope)
        ? tiered(
            walkInOrder(scope, f, 'nearest', window, [sql`i.public_latitude is not null and i.public_longitude is not null`]),
            sql`select i.id, i.created_at, null::float8 as k from items i where ${whereFor(scope, f, undefined, [sql`(i.public_latitude is null or i.public_longitude is null)`])}
              order by ${newestFirst('i')} limit ${rowCount(window)}`,
            window,
          )
        : sql`select id, created_at, 0 as tier, k from (${walkInOrder(scope, f, sort, window)}) w`;
  return sql`select * from (${rows}) r order by ${orderedRows(sort, 'r')} ${pageCut(page)}`;
}

/**
 * The page rows (id, created_at, tier, k) in the order `sort` among a complete set of matches `m`
 * that carry their keys (`matchingItems` or `countedItems` with `keys`: the price, the owner's rating,
 * the photo flag and, for nearest first, the public point, which the browse indexes carry, migrations
 * 0044, 0046; or a search's scored matches, scored-sql.ts): sorted from the matches themselves.
 * For a set within the count's bound (1,000) this is cheaper and steadier than a walk, which may cross
 * the catalogue to find few. Read through their items, a word's 750-1,000 matches were as many index
 * lookups (3-8 ms of a 5-10 ms browse).
 */
export function orderedKeyedMatches(matches: SQL, scope: BrowseScope, sort: OtherSort, page: PageWindow): SQL {
  return sql`select * from (select mm.id, mm.created_at, ${tierOf(sort, 'mm')} as tier, ${sortKey(sort, 'mm', scope.near)} as k
    from (${matches}) mm) r
    order by ${orderedRows(sort, 'r')} ${pageCut(page)}`;
}

/** The tier of a row `alias` of items, or of matches carrying their keys, in the order `sort` (see `orderedRows`). */
function tierOf(sort: OtherSort, alias: string): SQL {
  return sort === 'relevance'
    ? sql`case when ${tierCondition('shown', alias)} then 0 else 1 end`
    : sort === 'nearest'
      ? sql.raw(`case when ${alias}.public_latitude is null or ${alias}.public_longitude is null then 1 else 0 end`)
      : sql`0`;
}

/**
 * The matches within a radius in no order, up to `limit` of them (all when null), each carrying the
 * keys of every order (id, created_at and `carriedKeys` 'all': price, rating, photo flag, public
 * point) to be sorted by `orderedKeyedMatches`: all of it read from an index that carries them (the
 * bands of latitude across all categories, the GiST index of public points within one, migrations
 * 0034, 0045), so the matches are found once, with no table row read, to be counted and sorted. The
 * tier and key are worked out only when they are sorted: computed here, the distance of each of the
 * 1,001 matches a count reads was a third of the count (1.55 against 1.1 ms, 25 miles of Norwich
 * rated 4 with dates), and a set that reaches the bound is never sorted.
 */
export function keyedMatchesWithin(scope: BrowseScope, f: BrowseFilters, limit: number | null): SQL {
  if (!hasRadius(scope)) throw new Error('Keyed matches are read within a radius only');
  const bound = limit === null ? sql`` : sql` limit ${rowCount(limit)}`;
  return sql`select i.id, i.created_at${carriedKeys('all', 'i')} from items i where ${whereFor(scope, f)}${bound}`;
}
