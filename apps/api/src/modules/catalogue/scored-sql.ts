/**
 * A search's matches with their scores (decision 025): found through the search document's GIN index
 * with every other filter, each carrying the keys of every order, then put in the browse's order.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BrowseFilters, BrowseSort } from '@toolshed/core';
import type { SearchPlan } from '@toolshed/core/search';
import { carriedKeys, newestFirst, tierCondition, whereFor, type BrowseScope } from './browse-sql.ts';
import { orderedKeyedMatches, orderedRows } from './order-sql.ts';
import { pageCut, pageOf, type PageWindow } from './page-sql.ts';
import { renderSearch } from './word-search-sql.ts';

/** Every match of the plan under the filters: id, created_at, the keys of every order, and `score`. */
export function scoredMatches(scope: BrowseScope, filters: BrowseFilters, plan: SearchPlan): SQL {
  const { match, score } = renderSearch(plan);
  return sql`select i.id, i.created_at${carriedKeys('all', 'i')}, ${score} as score
    from items i where ${whereFor(scope, filters, undefined, [match])}`;
}

/**
 * The page of scored matches `matches` in the order `sort`, as rows (id, created_at, tier, k) that
 * `cardsInOrder` puts in order again. Best match: the score first (each point of it outranks
 * relevance's tiers: photo and rated owner, then the rest), then newest first.
 */
export function scoredPage(matches: SQL, scope: BrowseScope, sort: BrowseSort, page: PageWindow): SQL {
  if (sort === 'newest') return pageOf(sql`select id, created_at from (${matches}) s`, newestFirst('w'), page);
  if (sort !== 'relevance') return orderedKeyedMatches(matches, scope, sort, page);
  return sql`select * from (select s.id, s.created_at, (case when ${tierCondition('shown', 's')} then 0 else 1 end) - 2 * s.score as tier,
      0::float8 as k from (${matches}) s) r
    order by ${orderedRows('relevance', 'r')} ${pageCut(page)}`;
}
