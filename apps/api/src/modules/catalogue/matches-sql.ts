import { sql, type SQL } from 'drizzle-orm';
import type { BrowseFilters } from '@toolshed/core';
import { carriedKeys, hasRadius, newestFirst, whereFor, type BrowseScope, type CarriedKeys, type Tier } from './browse-sql.ts';
import { rowCount } from './page-sql.ts';

/**
 * The matches of a browse without words as sets of rows: found newest first (`matchingItems`) or
 * counted up to a bound (`countedItems`), walking the items' browse indexes. Words are found through
 * the search document instead (scored-sql.ts, decision 025). The conditions they share are in
 * browse-sql.ts.
 */

/** The matching items `(id, created_at)`, newest first, `limit` of them after `offset`, walked along the browse index. */
export function matchingItems(
  scope: BrowseScope,
  f: BrowseFilters,
  limit: number,
  offset = 0,
  tier?: Tier,
  keys: CarriedKeys = 'none',
): SQL {
  return sql`select i.id, i.created_at${carriedKeys(keys, 'i')} from items i where ${whereFor(scope, f, tier)}
      order by ${newestFirst('i')} limit ${rowCount(limit)} offset ${rowCount(offset)}`;
}

/**
 * The matches to count, at most `limit` of them, in any order. The order is left out, so the planner
 * may count along the prices (`items_price_idx`, migration 0021; within a category
 * `items_category_price_idx`, 0050) when a maximum price is asked: under £5, rated 3.5, free for 12
 * days took 32,000 entries newest first to find the bound's 1,001 matches, and 5,300 by price; in a
 * category under £5 rated 4.5, 11,466 entries of the category newest first for 739 matches (7.1 ms
 * with the sort that followed), 2,181 by price (1.9 ms). With no maximum price it walks an index of
 * the same size either way. An owner's items keep the newest-first walk. With `keys`, each match
 * carries them (`CarriedKeys`), to be sorted without reading its item.
 */
export function countedItems(scope: BrowseScope, f: BrowseFilters, limit: number, keys: CarriedKeys = 'none'): SQL {
  if (scope.ownerId === undefined || hasRadius(scope)) {
    const columns = keys === 'none' ? sql`i.id` : sql`i.id, i.created_at${carriedKeys(keys, 'i')}`;
    return sql`select ${columns} from items i where ${whereFor(scope, f)} limit ${rowCount(limit)}`;
  }
  return matchingItems(scope, f, limit, 0, undefined, keys);
}
