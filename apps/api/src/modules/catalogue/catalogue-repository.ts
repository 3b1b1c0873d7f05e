import { sql, type SQL } from 'drizzle-orm';
import { effectiveSort, searchWords, type BrowseFilters, type BrowseSort } from '@toolshed/core';
import { queryRows, queryRowsPrepared, type Db } from '../../db/database.ts';
import { toInt } from '../../db/row-values.ts';
import { COUNT_BOUND, hasRadius, newestFirst, preparable, readsPostings, tierCondition, type BrowseScope } from './browse-sql.ts';
import { countedItems, matchingItems } from './matches-sql.ts';
import type { SearchCosts } from './search-costs.ts';
import { firstRows, pageOf, pageWindow, rowCount, type PageWindow } from './page-sql.ts';
import { keyedMatchesWithin, orderedKeyedMatches, orderedRows, orderedWalk } from './order-sql.ts';
import { chordFrom } from './near-sql.ts';
import { cardsInOrder } from './cards-sql.ts';
import {
  toCategory,
  toItemRecord,
  toItemSummary,
  toMapPoint,
  type CategoryHeading,
  type CategoryRow,
  type CategorySummary,
  type ItemDetailRow,
  type ItemRecord,
  type ItemSummary,
  type ItemSummaryRow,
  type MapPoint,
  type MapPointRow,
} from './catalogue-rows.ts';
import { CommonWords } from './common-words.ts';
import { readWordStatistics } from './search-statistics-sql.ts';
import { blockedRangesJson } from '../calendar-sync/blocked-days-sql.ts';

/** A row count no browse reaches: every match, for a set sorted whole (`sortWhole`). */
const EVERY_MATCH = 2_147_483_647;

export type { BrowseScope } from './browse-sql.ts';

/**
 * A page found by walking an index in the browse's order (newest first, or `orderedWalk`): the
 * window's rows from the first, and the page cut from them (`pageOf`), so pages of one window are
 * one statement.
 */
function walkedPage(scope: BrowseScope, filters: BrowseFilters, sort: BrowseSort, page: PageWindow, costs: SearchCosts): SQL {
  return sort === 'newest'
    ? pageOf(matchingItems(scope, filters, page.rows, 0, costs), newestFirst('w'), page)
    : orderedWalk(scope, filters, sort, page, costs);
}

export function createCatalogueRepository(db: Db) {
  // What the choice between the postings and the walk needs (common-words.ts), read in the background.
  const commonWords = new CommonWords(() => readWordStatistics(db));
  /** Browse statements run prepared (parsed once per connection, plans reused) unless a pattern must shape the plan. */
  const runner = (filters: BrowseFilters) => (preparable(filters) ? queryRowsPrepared : queryRows);

  return {
    /** Listed items per category, from the counts the triggers on `items` keep (migration 0009). */
    async categoriesWithCounts(): Promise<CategorySummary[]> {
      // Each tile's picture: the newest listed item of the category that has a photo, among its 50
      // newest (walked along the category's listing index), with its first photo's keys (migration
      // 0040). Bounded: a category whose newest items
      // have no photo costs 50 probes, not a walk of the whole category (3.2 s on 100,000 items).
      // The order must be spelled as the index is (NULLS LAST): spelled 'desc' alone it cannot walk
      // the index and sorted every listed item of each category instead (321 ms for the sidebar).
      const rows = await queryRowsPrepared<CategoryRow>(
        db,
        sql`
        select c.id, c.name, c.description, coalesce(n.listed, 0)::int as item_count,
               pic.item_name as picture_item, pic.large_key as picture_large_key, pic.thumb_key as picture_thumb_key
        from categories c left join category_item_counts n on n.category_id = c.id
        left join lateral (
          select i.name as item_name, i.photo_large_key as large_key, i.photo_thumb_key as thumb_key
          from (
            select id, name, created_at, photo_large_key, photo_thumb_key from items
            where category_id = c.id and deleted_at is null and available
            order by created_at desc nulls last, id desc nulls last
            limit 50
          ) i
          where i.photo_large_key is not null
          order by i.created_at desc nulls last, i.id desc nulls last
          limit 1
        ) pic on true
        order by c.position`,
      );
      return rows.map(toCategory);
    },

    async findCategory(id: string): Promise<CategoryHeading | undefined> {
      const rows = await queryRowsPrepared<CategoryHeading>(db, sql`select id, name, description from categories where id = ${id}`);
      return rows[0];
    },

    /**
     * One page, newest first, of an unfiltered category (or all, null) with its exact total from the
     * counts the triggers on `items` keep (migration 0009): one round trip, no counting of items.
     */
    async listWithListedCount(
      scope: Pick<BrowseScope, 'categoryId' | 'near'>,
      filters: BrowseFilters,
    ): Promise<{ rows: ItemSummary[]; listed: number }> {
      const page = pageWindow(filters);
      const counted = scope.categoryId === null ? sql`true` : sql`category_id = ${scope.categoryId}`;
      const costs = commonWords.costsFor(scope.categoryId, filters);
      const sort = effectiveSort(filters);
      const rows = await runner(filters)<ItemSummaryRow & { listed: unknown }>(
        db,
        sql`
        select c.listed, p.* from (select coalesce(sum(listed), 0)::int as listed from category_item_counts where ${counted}) c
        ${cardsInOrder(walkedPage(scope, filters, sort, page, costs), sort, scope.near)}`,
      );
      return { rows: rows.filter((r) => r.id !== null).map(toItemSummary), listed: rows[0] ? toInt(rows[0].listed, 'listed') : 0 };
    },

    /**
     * One page and the number of matches up to `COUNT_BOUND + 1`, in one query: the matches are
     * counted, stopping after the bound (or after the page when it lies further). `matched` above
     * `COUNT_BOUND` means 'more than COUNT_BOUND'. Over items, the count and the page each walk an
     * index: the page newest first, stopping after its own rows (a third less work than cutting it
     * from a materialised list), the count in whatever order is cheapest (`countedItems`). Over
     * postings, whose matches must be sorted, they are sorted once and the page is cut from them.
     * In another order (decision 022) the matches counted are kept: when they are all of them (fewer
     * than the window) the page is sorted from them, else an index is walked in that order.
     */
    async listAndCount(scope: BrowseScope, filters: BrowseFilters): Promise<{ rows: ItemSummary[]; matched: number }> {
      const page = pageWindow(filters);
      const window = Math.max(COUNT_BOUND + 1, page.rows);
      const costs = commonWords.costsFor(scope.categoryId, filters);
      const sort = effectiveSort(filters);
      const postings = readsPostings(scope, filters, costs);
      let query: SQL;
      if (sort !== 'newest' && sort !== 'relevance' && hasRadius(scope)) {
        // Within a radius the matches are read once from an index that carries every column they
        // need (migrations 0034, 0045), with the keys of every order: counted up to the bound, and
        // given their tier and key and sorted when they are all of them; when there are more, an
        // index is walked in the order and stops after the page: the GiST index nearest first, the
        // price or rating index (which carry the public point, migration 0035) checking the circle
        // on each entry. Counted and then found again to be sorted, each read fetched every row
        // inside the cube around the circle; read whole and sorted, lowest price within 10 miles of
        // a city sorted some 7,000 matches.
        const all = sql`(select matched from n) < ${rowCount(window)}`;
        query = sql`with m as materialized (${keyedMatchesWithin(scope, filters, window, costs)}),
            n as materialized (select count(*)::int as matched from m)
            select c.matched, p.* from n c
            ${cardsInOrder(
              sql`select * from (${orderedKeyedMatches(sql`select * from m`, scope, sort, page)}) a where ${all}
                union all select * from (${walkedPage(scope, filters, sort, page, costs)}) b where not ${all}`,
              sort,
              scope.near,
            )}`;
      } else if (sort !== 'newest' && hasRadius(scope)) {
        // Relevance within a radius: every match is read once, as above, and the page sorted from
        // them by tier: the newest-first indexes do not carry the point, so a walk in that order
        // would fetch each candidate's row to check the circle. The count is still cut at the
        // bound, as everywhere (decision 009).
        query = sql`with m as materialized (${keyedMatchesWithin(scope, filters, null, costs)})
            select c.matched, p.* from (select least(count(*), ${rowCount(window)})::int as matched from m) c
            ${cardsInOrder(orderedKeyedMatches(sql`select * from m`, scope, sort, page), sort, scope.near)}`;
      } else if (sort !== 'newest' && postings && costs.sortWhole(searchWords(filters.search), sort, page.rows)) {
        // Every match of the words read from their postings, which carry the keys of every order
        // (migrations 0037-0039), counted up to the bound and sorted whole, rather than an index
        // walked in the order checking the words on each entry: a word with a few thousand matches,
        // nearest first, passed some 5,000 entries of the GiST index for a second page (9.7 ms). For
        // relevance, words intersected in search_items were read three times: counted, then once per tier.
        query = sql`with m as materialized (${matchingItems(scope, filters, EVERY_MATCH, 0, costs, undefined, 'all')})
            select c.matched, p.* from (select least(count(*), ${rowCount(window)})::int as matched from m) c
            ${cardsInOrder(orderedKeyedMatches(sql`select * from m`, scope, sort, page), sort, scope.near)}`;
      } else if (sort !== 'newest') {
        // Over postings the matches are kept (materialised) to be counted and, when they are all of
        // them, sorted by the keys the postings carry (price, rating, photo flag and public point,
        // migrations 0037-0039), with no item read. Over items only their count is kept: counting
        // needs no column, so it stays an index-only walk (the price index for a maximum price), and
        // the few matches of a small set are found again to be sorted, with the price, rating and
        // photo flag every browse index carries (0044), and for nearest first the public point (0046:
        // the category-first indexes; across all categories the price and rating indexes carry it):
        // read from their items instead, a category's 723 matches under £5 rated 4.5 were 723 lookups
        // (5.9 -> 3.0 ms). Kept as they are counted, the matches cost every count that reaches the
        // bound a quarter more.
        const counted = postings
          ? sql`m as materialized (${matchingItems(scope, filters, window, 0, costs, undefined, 'all')}), n as materialized (select count(*)::int as matched from m)`
          : sql`n as materialized (select count(*)::int as matched from (${countedItems(scope, filters, window, costs)}) w)`;
        const sorted = postings
          ? orderedKeyedMatches(sql`select * from m`, scope, sort, page)
          : orderedKeyedMatches(countedItems(scope, filters, window, costs, sort === 'nearest' ? 'all' : 'order'), scope, sort, page);
        const all = sql`(select matched from n) < ${rowCount(window)}`;
        // Relevance over postings with more matches than the bound: the matches kept are the newest
        // 1,001, so their shown tier, newest first, begins the shown tier of all the matches; when
        // it holds the page, the page is cut from them. Walked instead, the words were intersected
        // again for the page ('lawn mower' in Garden Tools with dates: 3.5 ms more, of 7.2).
        const fromPrefix = postings && sort === 'relevance';
        const shownFirst = sql`(select count(*) from m where ${tierCondition('shown', 'm')}) >= ${page.offset}::int + ${rowCount(page.size)}`;
        const walked = fromPrefix
          ? sql`select * from (${pageOf(
              sql`select id, created_at, 0 as tier, 0::float8 as k from m where ${tierCondition('shown', 'm')}`,
              newestFirst('w'),
              page,
            )}) b0 where not ${all} and ${shownFirst}
                union all select * from (${walkedPage(scope, filters, sort, page, costs)}) b where not ${all} and not ${shownFirst}`
          : sql`select * from (${walkedPage(scope, filters, sort, page, costs)}) b where not ${all}`;
        query = sql`with ${counted}
            select c.matched, p.* from n c
            ${cardsInOrder(
              sql`select * from (${sorted}) a where ${all}
                union all ${walked}`,
              sort,
              scope.near,
            )}`;
      } else {
        query = postings
          ? sql`with m as materialized (${matchingItems(scope, filters, window, 0, costs)})
            select c.matched, p.* from (select count(*)::int as matched from m) c
            ${cardsInOrder(pageOf(sql`select id, created_at from m`, newestFirst('w'), page), sort, scope.near)}`
          : sql`select c.matched, p.* from (select count(*)::int as matched from (${countedItems(scope, filters, window, costs)}) w) c
            ${cardsInOrder(walkedPage(scope, filters, sort, page, costs), sort, scope.near)}`;
      }
      const rows = await runner(filters)<ItemSummaryRow & { matched: unknown }>(db, query);
      return { rows: rows.filter((r) => r.id !== null).map(toItemSummary), matched: rows[0] ? toInt(rows[0].matched, 'matched') : 0 };
    },

    /**
     * The map's points: up to `limit` matches that have a public point, in the browse's order,
     * walked as its pages are (newest first, or `orderedWalk`), with only what a marker needs.
     */
    async mapPoints(browsed: BrowseScope, filters: BrowseFilters, limit: number): Promise<MapPoint[]> {
      const scope = { ...browsed, locatedOnly: true };
      const costs = commonWords.costsFor(scope.categoryId, filters);
      const sort = effectiveSort(filters);
      const located = sql`i.public_latitude is not null and i.public_longitude is not null`;
      const distance = scope.near ? sql`, ${chordFrom(scope.near, 'i')} as chord_m` : sql``;
      const rows =
        sort === 'newest'
          ? sql`select id, created_at, 0 as tier, 0::float8 as k from (${matchingItems(scope, filters, limit, 0, costs)}) n`
          : orderedWalk(scope, filters, sort, firstRows(limit), costs);
      const points = await queryRows<MapPointRow>(
        db,
        sql`
        select i.id, i.name, i.daily_rate_pence, i.public_latitude, i.public_longitude${distance}
        from (${rows}) m join items i on i.id = m.id
        where ${located}
        order by ${sort === 'newest' ? newestFirst('m') : orderedRows(sort, 'm')}`,
      );
      return points.map(toMapPoint);
    },

    /**
     * The item with its owner, its images in order and the ranges that block booking (unreturned,
     * uncancelled, not over by `today`), in one round trip: the popup waits for nothing else.
     */
    async findItem(id: string, today: string): Promise<ItemRecord | undefined> {
      const rows = await queryRowsPrepared<ItemDetailRow>(
        db,
        sql`
        select i.id, i.name, i.description, i.category_id, c.name as category_name, i.daily_rate_pence, i.deposit_pence,
               i.min_days, i.max_days, i.booking_mode, i.buffer_days, i.weekly_rate_pence, i.require_verified_phone, i.min_completed_rentals, i.available, i.address, i.city, i.postcode, i.latitude, i.longitude,
               i.location_approximate, i.public_latitude, i.public_longitude, u.id as owner_id, u.name as owner_name, u.picture as owner_picture,
               u.rating as owner_rating, u.total_ratings as owner_total_ratings,
               to_char(u.vacation_until, 'YYYY-MM-DD') as owner_vacation_until,
               coalesce((select json_agg(json_build_object('large_key', m.large_key, 'thumb_key', m.thumb_key, 'position', m.position) order by m.position)
                         from item_images m where m.item_id = i.id), '[]'::json) as images,
               coalesce((select json_agg(json_build_object('startDate', to_char(r.start_date, 'YYYY-MM-DD'), 'endDate', to_char(coalesce(r.held_end_date, r.end_date), 'YYYY-MM-DD')) order by r.start_date)
                         from rentals r where r.item_id = i.id and not r.returned and r.cancelled_at is null and coalesce(r.held_end_date, r.end_date) + i.buffer_days >= ${today}::date), '[]'::json) as booked_ranges,
               ${blockedRangesJson(today)} as blocked_ranges
        from items i join users u on u.id = i.owner_id join categories c on c.id = i.category_id
        where i.id = ${id} and i.deleted_at is null`,
      );
      return rows[0] && toItemRecord(rows[0]);
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
