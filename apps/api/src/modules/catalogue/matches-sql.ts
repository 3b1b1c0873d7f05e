import { sql, type SQL } from 'drizzle-orm';
import type { BrowseFilters } from '@toolshed/core';
import { searchWords } from '@toolshed/core';
import {
  carriedKeys,
  containing,
  filterParts,
  hasRadius,
  LISTED_T,
  newestFirst,
  readsPostings,
  tokenSafe,
  whereFor,
  type BrowseScope,
  type CarriedKeys,
  type Tier,
} from './browse-sql.ts';
import { rowCount } from './page-sql.ts';
import { NO_STATISTICS, rarestFirst, type SearchCosts } from './search-costs.ts';

/**
 * The matches of a browse as sets of rows: found newest first (`matchingItems`) or counted up to a
 * bound (`countedItems`), over the items, the search postings or search_items, whichever path the
 * costs chose (decisions 017-020). The conditions they share are in browse-sql.ts.
 */

/** The token ids of the vocabulary containing `word`, found through the vocabulary's trigram index. */
export const tokensOf = (word: string) => sql`array(select id from search_tokens where token like ${containing(word)})`;

/**
 * The matching items `(id, created_at)`, newest first, `limit` of them after `offset`. Words the
 * postings answer are read from them: the rarest word drives (by the statistics' estimate, else the
 * longest), and each other word is either probed on each candidate (a rare driver beside a common
 * word) or, within a category, matched against its own postings; across all categories, several
 * words are intersected in the inverted index of `search_items` instead. Otherwise the items are
 * walked newest first and their text checked from the browse index (migration 0017).
 */
export function matchingItems(
  scope: BrowseScope,
  f: BrowseFilters,
  limit: number,
  offset = 0,
  costs: SearchCosts = NO_STATISTICS,
  tier?: Tier,
  keys: CarriedKeys = 'none',
): SQL {
  const words = searchWords(f.search);
  const carried = (alias: string) => carriedKeys(keys, alias);
  if (!readsPostings(scope, f, costs)) {
    return sql`select i.id, i.created_at${carried('i')} from items i where ${whereFor(scope, f, tier)}
      order by ${newestFirst('i')} limit ${rowCount(limit)} offset ${rowCount(offset)}`;
  }
  const [driver, ...others] = rarestFirst(words, (w) => costs.postings(w));
  const probe = others.length > 0 && costs.probeOthers(driver, others);
  if (others.length > 0 && !probe && scope.categoryId === null && scope.ownerId === undefined) {
    // Across all categories, the items containing every word are the intersection of the words'
    // lists in the inverted index of `search_items` (migration 0019, decision 020): only the matches
    // are read, where the postings read the rarest word's postings and hashed the other's.
    const parts = [...words.map((word) => sql`i.token_ids && ${tokensOf(word)}`), ...filterParts(scope, f, 'i', tier)];
    return sql`select i.item_id as id, i.created_at${carried('i')} from search_items i where ${sql.join(parts, sql` and `)}
      order by i.created_at desc, i.item_id desc limit ${rowCount(limit)} offset ${rowCount(offset)}`;
  }
  const conditions = [
    ...filterParts(scope, f, 'i', tier),
    ...others.map((word) =>
      probe
        ? // A rare driver beside a common word ('wet and'): each candidate's text is checked from the
          // browse index (migration 0017), one probe each. OFFSET 0 keeps it a probe: as a join, the
          // generic plan would read every item containing the word to hash them.
          sql`exists (select 1 from items t where t.created_at = i.created_at and t.id = i.item_id and ${LISTED_T}
            and t.search_text like ${containing(word)} offset 0)`
        : // The same item among that word's postings. The filters are repeated on them (same item,
          // same values) so that, when the planner hashes them, it hashes only the eligible.
          // `o.item_id >= i.item_id` holds whenever the ids are equal: it is there because a join
          // condition that is not an equality keeps this a hash semi join. Otherwise the planner
          // may first make the postings unique (a hash aggregate sized by the generic estimate of
          // tens of thousands, set up and torn down on each execution) and join them again:
          // 'roof box' across all categories 14-23 ms that way, 2 ms as a semi join.
          sql`exists (select 1 from search_postings o where o.token_id = any(${tokensOf(word)})
            and o.created_at = i.created_at and o.item_id = i.item_id and o.item_id >= i.item_id${sql.join(filterParts(scope, f, 'o').map((p) => sql` and ${p}`))})`,
    ),
  ];
  // An item whose text has several tokens containing the driver has several postings: one each.
  if (others.length === 0 || probe) {
    // Each of the driver's tokens is read newest first, and only until it has given as many matches
    // as the window (limit + offset): an item among the window's newest overall is among the
    // window's newest of every token it has. All the postings of every token, read and sorted, were
    // 13,700 for 'ice' under £20 on one day (5.1 ms); its three tokens' first matches, 1,700 (0.9 ms).
    const own = sql.join([sql`i.token_id = k.token_id`, ...conditions], sql` and `);
    return sql`select distinct on (p.created_at, p.item_id) p.item_id as id, p.created_at${carried('p')}
      from unnest(${tokensOf(driver)}) k(token_id)
      cross join lateral (select i.item_id, i.created_at${carried('i')} from search_postings i where ${own}
        order by i.created_at desc, i.item_id desc limit ${rowCount(limit + offset)}) p
      order by p.created_at desc, p.item_id desc limit ${rowCount(limit)} offset ${rowCount(offset)}`;
  }
  return sql`select distinct on (i.created_at, i.item_id) i.item_id as id, i.created_at${carried('i')} from search_postings i
    where ${sql.join([sql`i.token_id = any(${tokensOf(driver)})`, ...conditions], sql` and `)}
    order by i.created_at desc, i.item_id desc limit ${rowCount(limit)} offset ${rowCount(offset)}`;
}

/**
 * The matches to count, at most `limit` of them: those of `matchingItems`, in any order. With no
 * words the order is left out, so the planner may count along the prices (`items_price_idx`,
 * migration 0021; within a category `items_category_price_idx`, 0050) when a maximum price is asked:
 * under £5, rated 3.5, free for 12 days took 32,000 entries newest first to find the bound's 1,001
 * matches, and 5,300 by price; in a category under £5 rated 4.5, 11,466 entries of the category
 * newest first for 739 matches (7.1 ms with the sort that followed), 2,181 by price (1.9 ms). With
 * no maximum price it walks an index of the same size either way. Words keep the path the costs
 * chose. With `keys`, each match carries them (`CarriedKeys`), to be sorted without reading its item.
 */
export function countedItems(
  scope: BrowseScope,
  f: BrowseFilters,
  limit: number,
  costs: SearchCosts = NO_STATISTICS,
  keys: CarriedKeys = 'none',
): SQL {
  const words = searchWords(f.search);
  if ((words.length === 0 && scope.ownerId === undefined) || hasRadius(scope)) {
    const columns = keys === 'none' ? sql`i.id` : sql`i.id, i.created_at${carriedKeys(keys, 'i')}`;
    return sql`select ${columns} from items i where ${whereFor(scope, f)} limit ${rowCount(limit)}`;
  }
  if (
    scope.categoryId === null &&
    scope.ownerId === undefined &&
    !scope.locatedOnly &&
    tokenSafe(words) &&
    !readsPostings(scope, f, costs) &&
    costs.countFromIndex(words)
  ) {
    // Common words across all categories: the page walks the items newest first and stops after a
    // few dozen entries, but the count would walk on until the bound's matches, checking the text of
    // each ('bag', in a tenth of the items: 8,500 entries for 1,001 matches, 3.3 ms). The items
    // containing the words are the lists of search_items' inverted index (migration 0019), read as
    // a bitmap, and only their rows are read and filtered: 1.0 ms. Not for the commonest words
    // ('and', in half of them: 51,600 postings, 2.6 ms to read, where the walk passes 2,000 entries).
    const columns = keys === 'none' ? sql`i.item_id as id` : sql`i.item_id as id, i.created_at${carriedKeys(keys, 'i')}`;
    const parts = [...words.map((word) => sql`i.token_ids && ${tokensOf(word)}`), ...filterParts(scope, f, 'i')];
    return sql`select ${columns} from search_items i where ${sql.join(parts, sql` and `)} limit ${rowCount(limit)}`;
  }
  return matchingItems(scope, f, limit, 0, costs, undefined, keys);
}
