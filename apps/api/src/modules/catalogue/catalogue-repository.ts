import { sql, type SQL } from 'drizzle-orm';
import { effectiveSort, type BrowseFilters, type BrowseSort } from '@toolshed/core';
import { planSearch, vocabularyQuestion, type SearchPlan } from '@toolshed/core/search';
import { queryRows, queryRowsPrepared, type Db } from '../../db/database.ts';
import { toInt } from '../../db/row-values.ts';
import { COUNT_BOUND } from './browse-rules.ts';
import { hasRadius, newestFirst, preparable, whereFor, type BrowseScope } from './browse-sql.ts';
import { countedItems, matchingItems } from './matches-sql.ts';
import { matchTsquery, renderSearch, toVocabularyAnswer, vocabularyQuery, type VocabularyRow } from './word-search-sql.ts';
import { scoredMatches, scoredPage } from './scored-sql.ts';
import { firstRows, pageOf, pageWindow, rowCount, type PageWindow } from './page-sql.ts';
import { keyedMatchesWithin, orderedKeyedMatches, orderedRows, orderedWalk } from './order-sql.ts';
import { chordFrom, metresOfChord, type Near } from './near-sql.ts';
import { nearestBeyond } from './nearest-sql.ts';
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
import { blockedRangesJson } from '../calendar-sync/blocked-days-sql.ts';

export type { BrowseScope } from './browse-sql.ts';

/**
 * A page found by walking an index in the browse's order (newest first, or `orderedWalk`): the
 * window's rows from the first, and the page cut from them (`pageOf`), so pages of one window are
 * one statement.
 */
function walkedPage(scope: BrowseScope, filters: BrowseFilters, sort: BrowseSort, page: PageWindow): SQL {
  return sort === 'newest'
    ? pageOf(matchingItems(scope, filters, page.rows, 0), newestFirst('w'), page)
    : orderedWalk(scope, filters, sort, page);
}

export function createCatalogueRepository(db: Db) {
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
            where category_id = c.id and deleted_at is null and available and not hidden_pending_review
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
      const sort = effectiveSort(filters);
      const rows = await runner(filters)<ItemSummaryRow & { listed: unknown }>(
        db,
        sql`
        select c.listed, p.* from (select coalesce(sum(listed), 0)::int as listed from category_item_counts where ${counted}) c
        ${cardsInOrder(walkedPage(scope, filters, sort, page), sort, scope.near)}`,
      );
      return { rows: rows.filter((r) => r.id !== null).map(toItemSummary), listed: rows[0] ? toInt(rows[0].listed, 'listed') : 0 };
    },

    /**
     * What a search asks for (core `planSearch`), with what the vocabulary says of its words read
     * in one statement (word-search-sql.ts); no clauses when the filters have no words.
     */
    async planOf(filters: BrowseFilters): Promise<SearchPlan> {
      const question = vocabularyQuery(vocabularyQuestion(filters.search));
      if (!question) return { clauses: [] };
      const rows = await queryRowsPrepared<VocabularyRow>(db, question);
      return planSearch(filters.search, toVocabularyAnswer(rows), filters.searchAsTyped === true);
    },

    /**
     * One page and the number of matches up to `COUNT_BOUND + 1`, in one query. With words (a plan
     * with clauses), the matches are found through the search document's GIN index, each scored,
     * counted and sorted: Best match by score, then relevance's tiers, then newest first (decision
     * 025). Without, the count and the page each walk an index: the page newest first, stopping after
     * its own rows, the count in whatever order is cheapest (`countedItems`); in another order
     * (decision 022) the matches counted are kept, and when they are all of them (fewer than the
     * window) the page is sorted from them, else an index is walked in that order.
     */
    async listAndCount(scope: BrowseScope, filters: BrowseFilters, plan: SearchPlan): Promise<{ rows: ItemSummary[]; matched: number }> {
      const page = pageWindow(filters);
      const window = Math.max(COUNT_BOUND + 1, page.rows);
      const sort = effectiveSort(filters);
      let query: SQL;
      if (plan.clauses.length > 0) {
        query = sql`with m as materialized (${scoredMatches(scope, filters, plan)})
            select c.matched, p.* from (select least(count(*), ${rowCount(window)})::int as matched from m) c
            ${cardsInOrder(scoredPage(sql`select * from m`, scope, sort, page), sort, scope.near)}`;
      } else if (sort !== 'newest' && sort !== 'relevance' && hasRadius(scope)) {
        // Within a radius the matches are read once from an index that carries every column they
        // need (migrations 0034, 0045), with the keys of every order: counted up to the bound, and
        // given their tier and key and sorted when they are all of them; when there are more, an
        // index is walked in the order and stops after the page: the GiST index nearest first, the
        // price or rating index (which carry the public point, migration 0035) checking the circle
        // on each entry.
        const all = sql`(select matched from n) < ${rowCount(window)}`;
        query = sql`with m as materialized (${keyedMatchesWithin(scope, filters, window)}),
            n as materialized (select count(*)::int as matched from m)
            select c.matched, p.* from n c
            ${cardsInOrder(
              sql`select * from (${orderedKeyedMatches(sql`select * from m`, scope, sort, page)}) a where ${all}
                union all select * from (${walkedPage(scope, filters, sort, page)}) b where not ${all}`,
              sort,
              scope.near,
            )}`;
      } else if (sort !== 'newest' && hasRadius(scope)) {
        // Relevance within a radius: every match is read once, as above, and the page sorted from
        // them by tier. The count is still cut at the bound, as everywhere (decision 009).
        query = sql`with m as materialized (${keyedMatchesWithin(scope, filters, null)})
            select c.matched, p.* from (select least(count(*), ${rowCount(window)})::int as matched from m) c
            ${cardsInOrder(orderedKeyedMatches(sql`select * from m`, scope, sort, page), sort, scope.near)}`;
      } else if (sort !== 'newest') {
        // Only the count is kept: counting needs no column, so it stays an index-only walk (the price
        // index for a maximum price), and the few matches of a small set are found again to be
        // sorted, with the price, rating and photo flag every browse index carries (0044), and for
        // nearest first the public point (0046).
        const counted = sql`n as materialized (select count(*)::int as matched from (${countedItems(scope, filters, window)}) w)`;
        const sorted = orderedKeyedMatches(countedItems(scope, filters, window, sort === 'nearest' ? 'all' : 'order'), scope, sort, page);
        const all = sql`(select matched from n) < ${rowCount(window)}`;
        query = sql`with ${counted}
            select c.matched, p.* from n c
            ${cardsInOrder(
              sql`select * from (${sorted}) a where ${all}
                union all select * from (${walkedPage(scope, filters, sort, page)}) b where not ${all}`,
              sort,
              scope.near,
            )}`;
      } else {
        query = sql`select c.matched, p.* from (select count(*)::int as matched from (${countedItems(scope, filters, window)}) w) c
            ${cardsInOrder(walkedPage(scope, filters, sort, page), sort, scope.near)}`;
      }
      const rows = await runner(filters)<ItemSummaryRow & { matched: unknown }>(db, query);
      return { rows: rows.filter((r) => r.id !== null).map(toItemSummary), matched: rows[0] ? toInt(rows[0].matched, 'matched') : 0 };
    },

    /** The `tsquery` (as text) a listing's search document must meet to answer the plan, for a saved search to keep; null without words. */
    async matchQueryText(plan: SearchPlan): Promise<string | null> {
      if (plan.clauses.length === 0) return null;
      const [row] = await queryRows<{ q: string }>(db, sql`select (${matchTsquery(plan)})::text as q`);
      return row?.q ?? null;
    },

    /** The names of the `limit` listed items that answer a plan best (suggestions while typing). */
    async suggestItems(plan: SearchPlan, limit: number): Promise<{ id: string; name: string; categoryId: string }[]> {
      const { match, score } = renderSearch(plan);
      return queryRowsPrepared<{ id: string; name: string; categoryId: string }>(
        db,
        sql`select i.id, i.name, i.category_id as "categoryId" from items i
          where i.deleted_at is null and i.available and not i.hidden_pending_review and ${match}
          order by ${score} desc, ${newestFirst('i')} limit ${rowCount(limit)}`,
      );
    },

    /** How many items a search's plan matches under these filters, up to `COUNT_BOUND + 1` (for the filters that exclude every match). */
    async countMatches(scope: BrowseScope, filters: BrowseFilters, plan: SearchPlan): Promise<number> {
      const [row] = await queryRows<{ matched: unknown }>(
        db,
        sql`select count(*)::int as matched from (select 1 from items i where ${whereFor(scope, filters, undefined, [renderSearch(plan).match])}
          limit ${rowCount(COUNT_BOUND + 1)}) m`,
      );
      return row ? toInt(row.matched, 'matched') : 0;
    },

    /**
     * A browse within a radius that found nothing: the nearest match beyond it (its town and the
     * metres to it), the smallest radius that reaches it (null: none does) and how many matches are
     * grouped around it within that radius, up to `COUNT_BOUND + 1` (nearest-sql.ts). Undefined when
     * nothing matches anywhere.
     */
    async nearestBeyond(
      scope: BrowseScope & { near: Near & { radiusMetres: number } },
      filters: BrowseFilters,
    ): Promise<{ city: string | null; metres: number; radiusMiles: number | null; grouped: number } | undefined> {
      const [row] = await queryRows<{ city: string | null; chord_m: unknown; radius_miles: unknown; grouped: unknown }>(
        db,
        nearestBeyond(scope, filters),
      );
      if (!row) return undefined;
      return {
        city: row.city,
        metres: metresOfChord(Number(row.chord_m)),
        radiusMiles: row.radius_miles === null ? null : toInt(row.radius_miles, 'radius_miles'),
        grouped: toInt(row.grouped, 'grouped'),
      };
    },

    /**
     * The map's points: up to `limit` matches that have a public point, in the browse's order,
     * walked as its pages are (newest first, or `orderedWalk`), with only what a marker needs.
     */
    async mapPoints(browsed: BrowseScope, filters: BrowseFilters, plan: SearchPlan, limit: number): Promise<MapPoint[]> {
      const scope = { ...browsed, locatedOnly: true };
      const sort = effectiveSort(filters);
      const located = sql`i.public_latitude is not null and i.public_longitude is not null`;
      const distance = scope.near ? sql`, ${chordFrom(scope.near, 'i')} as chord_m` : sql``;
      const rows =
        plan.clauses.length > 0
          ? sql`with m as materialized (${scoredMatches(scope, filters, plan)}) ${scoredPage(sql`select * from m`, scope, sort, firstRows(limit))}`
          : sort === 'newest'
            ? sql`select id, created_at, 0 as tier, 0::float8 as k from (${matchingItems(scope, filters, limit, 0)}) n`
            : orderedWalk(scope, filters, sort, firstRows(limit));
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
               i.min_days, i.max_days, i.booking_mode, i.buffer_days, i.cancellation_policy, i.weekly_rate_pence, i.require_verified_phone, i.min_completed_rentals, i.available, i.hidden_pending_review, i.address, i.city, i.postcode, i.latitude, i.longitude,
               i.location_approximate, i.public_latitude, i.public_longitude, u.id as owner_id, u.name as owner_name, u.picture as owner_picture,
               u.rating as owner_rating, u.total_ratings as owner_total_ratings,
               to_char(u.vacation_until, 'YYYY-MM-DD') as owner_vacation_until,
               coalesce((select json_agg(json_build_object('large_key', m.large_key, 'thumb_key', m.thumb_key, 'position', m.position) order by m.position)
                         from item_images m where m.item_id = i.id), '[]'::json) as images,
               coalesce((select json_agg(json_build_object('startDate', to_char(b.s, 'YYYY-MM-DD'), 'endDate', to_char(b.e, 'YYYY-MM-DD')) order by b.s)
                         from (select r.start_date as s, coalesce(r.held_end_date, r.end_date) as e
                               from rentals r where r.item_id = i.id and not r.returned and r.cancelled_at is null
                               union all
                               -- The dates another checkout holds while its bank's 3-D Secure challenge is open.
                               select p."startDate", p."endDate" from checkout_attempts a
                               cross join lateral jsonb_to_recordset(a.pending -> 'lines') as p("itemId" uuid, "startDate" date, "endDate" date)
                               where a.status = 'awaiting_challenge' and p."itemId" = i.id) b
                         where b.e + i.buffer_days >= ${today}::date), '[]'::json) as booked_ranges,
               ${blockedRangesJson(today)} as blocked_ranges
        from items i join users u on u.id = i.owner_id join categories c on c.id = i.category_id
        where i.id = ${id} and i.deleted_at is null`,
      );
      return rows[0] && toItemRecord(rows[0]);
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
