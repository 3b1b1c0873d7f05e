import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { METRES_PER_MILE } from '@toolshed/core';
import type { SavedSearchChange, SavedSearchFrequency } from '@toolshed/core/contract';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { queryRows } from '../../db/query-rows.ts';
import { searchPath } from './search-path.ts';

/** A saved search as stored. */
export interface SavedSearchRow {
  id: string;
  userId: string;
  name: string;
  categoryId: string | null;
  categoryName: string | null;
  search: string | null;
  maxPricePence: number | null;
  minRating: number | null;
  near: string | null;
  placeLabel: string | null;
  radiusMiles: number | null;
  frequency: SavedSearchFrequency;
  paused: boolean;
  createdAt: Date | string;
  newMatches: number;
}

export interface NewSavedSearch {
  userId: string;
  name: string;
  categoryId: string | null;
  search: string | null;
  maxPricePence: number | null;
  minRating: number | null;
  near: string | null;
  placeLabel: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusMiles: number | null;
  frequency: SavedSearchFrequency;
  /** The words as the browse engine matches them (a tsquery's text), and its keys (`matchKeysOf`). */
  matchQuery: string | null;
  matchKeys: string[] | null;
}

/** A new match of a search, as the alert says it. */
export interface Hit {
  searchId: string;
  userId: string;
  searchName: string;
  frequency: SavedSearchFrequency;
  itemId: string;
  itemName: string;
  categoryId: string;
  dailyRatePence: number;
  city: string | null;
}

/**
 * The lexemes of a saved search's `tsquery` text ("'ladder' | 'lad':*"), a prefix marked 'lad*':
 * a search of positive words only (as the browse engine's are) can be met only by a document having
 * one of them, so these are what the GIN index of saved_searches.match_keys is asked about.
 */
export function matchKeysOf(tsquery: string): string[] {
  const keys = new Set<string>();
  for (const m of tsquery.matchAll(/'((?:[^']|'')+)'(?::([*A-D]+))?/g)) {
    const lexeme = m[1]!.replace(/''/g, "'");
    keys.add(m[2]?.includes('*') ? `${lexeme}*` : lexeme);
  }
  return [...keys];
}

const rows = <T>(executor: Executor, query: ReturnType<typeof sql>) => queryRows<T>(executor as Db, query);

const SELECT = sql`select s.id, s.user_id as "userId", s.name, s.category_id as "categoryId", c.name as "categoryName", s.search,
    s.max_price_pence as "maxPricePence", s.min_rating as "minRating", s.near, s.place_label as "placeLabel",
    s.radius_miles as "radiusMiles", s.frequency, s.paused, s.created_at as "createdAt",
    (select count(*)::int from saved_search_hits h join items i on i.id = h.item_id
      where h.search_id = s.id and h.sent_at is null and i.deleted_at is null and i.available) as "newMatches"
  from saved_searches s left join categories c on c.id = s.category_id`;

/**
 * Matches a listing against every running search and keeps each new match once; the new ones.
 * The searches with words are found by the item's own lexemes and every prefix of them (the GIN
 * index on match_keys), then checked as browsing would find the item (its document meets the
 * search's tsquery); those without words by category. Then the filters: price, the owner's
 * rating, the place's radius. Never a member's own listing, one hidden for review, or one of a
 * member blocked either way. An instant search's match is kept as sent: the caller writes its
 * alert in the same transaction (a daily one waits for the morning's digest).
 */
async function matchItemToSearches(db: Db, executor: Executor, itemId: string, at: Date): Promise<Hit[]> {
  return rows<Hit>(
    executor,
    sql`with i as (select * from items where id = ${itemId} and deleted_at is null and available and not hidden_pending_review),
      w as (select unnest(tsvector_to_array(i.search_document)) as w from i),
      k as (select array(select w from w union select left(w, n) || '*' from w, generate_series(1, length(w)) n) as keys),
      c as (
        select s.* from saved_searches s, k where not s.paused and s.match_keys && k.keys
        union all
        select s.* from saved_searches s, i where not s.paused and s.match_keys is null and (s.category_id is null or s.category_id = i.category_id)
      ),
      found as (
        insert into saved_search_hits (search_id, item_id, found_at, sent_at)
        select c.id, i.id, ${at}, case when c.frequency = 'instant' then ${at}::timestamptz end from c, i
         where c.user_id <> i.owner_id
           and not exists (select 1 from member_blocks b where (b.blocker_id = c.user_id and b.blocked_id = i.owner_id)
                                                         or (b.blocker_id = i.owner_id and b.blocked_id = c.user_id))
           and (c.category_id is null or c.category_id = i.category_id)
           and (c.match_query is null or i.search_document @@ c.match_query)
           and (c.max_price_pence is null or i.daily_rate_pence <= c.max_price_pence)
           and (c.min_rating is null or i.owner_rating >= c.min_rating)
           and (c.radius_miles is null or c.latitude is null or (i.public_latitude is not null
                and earth_distance(earth_point(c.latitude, c.longitude), earth_point(i.public_latitude, i.public_longitude)) <= c.radius_miles * ${METRES_PER_MILE}::float8))
        on conflict do nothing
        returning search_id
      )
      select f.search_id as "searchId", c.user_id as "userId", c.name as "searchName", c.frequency, i.id as "itemId", i.name as "itemName",
             i.category_id as "categoryId", i.daily_rate_pence as "dailyRatePence", i.city
        from found f join c on c.id = f.search_id, i`,
  );
}

/**
 * The searches with matches not yet sent, still listed, each with its new items (newest first): a
 * daily search's, and an instant one's held back by the hourly cap.
 */
async function digestDueOf(
  db: Db,
  executor: Executor,
): Promise<Array<{ searchId: string; userId: string; searchName: string; items: Hit[] }>> {
  const found = await rows<Hit & { foundAt: string }>(
    executor,
    sql`select s.id as "searchId", s.user_id as "userId", s.name as "searchName", s.frequency, i.id as "itemId", i.name as "itemName",
               i.category_id as "categoryId", i.daily_rate_pence as "dailyRatePence", i.city
          from saved_search_hits h join saved_searches s on s.id = h.search_id join items i on i.id = h.item_id
         where h.sent_at is null and not s.paused and i.deleted_at is null and i.available and not i.hidden_pending_review
         order by s.id, h.found_at desc, i.id`,
  );
  const bySearch = new Map<string, { searchId: string; userId: string; searchName: string; items: Hit[] }>();
  for (const hit of found) {
    const entry = bySearch.get(hit.searchId) ?? { searchId: hit.searchId, userId: hit.userId, searchName: hit.searchName, items: [] };
    entry.items.push(hit);
    bySearch.set(hit.searchId, entry);
  }
  return [...bySearch.values()];
}

async function insertSearch(db: Db, s: NewSavedSearch): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const keys = s.matchKeys === null ? sql`null` : sql`array(select jsonb_array_elements_text(${JSON.stringify(s.matchKeys)}::jsonb))`;
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into saved_searches (user_id, name, category_id, search, max_price_pence, min_rating, near, place_label,
          latitude, longitude, radius_miles, frequency, match_query, match_keys, unsubscribe_token)
        values (${s.userId}, ${s.name}, ${s.categoryId}, ${s.search}, ${s.maxPricePence}, ${s.minRating}, ${s.near}, ${s.placeLabel},
          ${s.latitude}, ${s.longitude}, ${s.radiusMiles}, ${s.frequency}, ${s.matchQuery}::tsquery, ${keys}, ${token})
        returning id`,
  );
  return row!.id;
}

async function changeSearch(db: Db, userId: string, id: string, change: SavedSearchChange, at: Date): Promise<boolean> {
  const sets = [sql`updated_at = ${at}`];
  if (change.name !== undefined) sets.push(sql`name = ${change.name}`);
  if (change.paused !== undefined) sets.push(sql`paused = ${change.paused}`);
  if (change.frequency !== undefined) sets.push(sql`frequency = ${change.frequency}`);
  const done = await rows<{ id: string }>(
    db,
    sql`update saved_searches set ${sql.join(sets, sql`, `)} where id = ${id} and user_id = ${userId} returning id`,
  );
  return done.length > 0;
}

async function searchesPage(db: Db, userId: string, offset: number, limit: number): Promise<{ rows: SavedSearchRow[]; total: number }> {
  const [list, [total]] = await Promise.all([
    rows<SavedSearchRow>(db, sql`${SELECT} where s.user_id = ${userId} order by s.created_at desc, s.id limit ${limit} offset ${offset}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from saved_searches where user_id = ${userId}`),
  ]);
  return { rows: list, total: total?.n ?? 0 };
}

/** Pauses the search the link's token names (no sign-in): its name, and whether it was still running. */
async function unsubscribeSearch(db: Db, token: string, at: Date): Promise<{ name: string; stopped: boolean } | undefined> {
  const [row] = await rows<{ name: string; was_paused: boolean }>(
    db,
    sql`update saved_searches s set paused = true, updated_at = ${at}
          from (select id, paused from saved_searches where unsubscribe_token = ${token} for update) old
         where s.id = old.id returning s.name, old.paused as was_paused`,
  );
  return row ? { name: row.name, stopped: !row.was_paused } : undefined;
}

/** Marks these matches sent (in one statement, however many). */
async function markHitsSent(db: Db, executor: Executor, hits: ReadonlyArray<Pick<Hit, 'searchId' | 'itemId'>>, at: Date): Promise<void> {
  if (hits.length === 0) return;
  await rows(
    executor,
    sql`update saved_search_hits h set sent_at = ${at}
          from jsonb_to_recordset(${JSON.stringify(hits.map((h) => ({ s: h.searchId, i: h.itemId })))}::jsonb) as u(s uuid, i uuid)
         where h.search_id = u.s and h.item_id = u.i and h.sent_at is null`,
  );
}

export function createSavedSearchesRepository(db: Db) {
  return {
    async count(userId: string): Promise<number> {
      const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from saved_searches where user_id = ${userId}`);
      return row?.n ?? 0;
    },

    insert: withDb(db, insertSearch),

    page: withDb(db, searchesPage),

    /** The member's own search: anyone else's is not found. */
    async find(userId: string, id: string): Promise<SavedSearchRow | undefined> {
      const [row] = await rows<SavedSearchRow>(db, sql`${SELECT} where s.id = ${id} and s.user_id = ${userId}`);
      return row;
    },

    change: withDb(db, changeSearch),

    async remove(userId: string, id: string): Promise<boolean> {
      const done = await rows<{ id: string }>(db, sql`delete from saved_searches where id = ${id} and user_id = ${userId} returning id`);
      return done.length > 0;
    },

    unsubscribe: withDb(db, unsubscribeSearch),

    /** A search by id alone, for its alerts (never for a member's request). */
    async byId(executor: Executor, id: string): Promise<SavedSearchRow | undefined> {
      const [row] = await rows<SavedSearchRow>(executor, sql`${SELECT} where s.id = ${id}`);
      return row;
    },

    /** The token of a search's one-click unsubscribe link. */
    async token(executor: Executor, searchId: string): Promise<{ token: string; name: string } | undefined> {
      const [row] = await rows<{ token: string; name: string }>(
        executor,
        sql`select unsubscribe_token as token, name from saved_searches where id = ${searchId}`,
      );
      return row;
    },

    matchItem: withDb(db, matchItemToSearches),

    markSent: withDb(db, markHitsSent),

    /** The browse paths of these searches, for their digests' links. */
    async pathsOf(executor: Executor, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const found = await rows<SavedSearchRow>(
        executor,
        sql`${SELECT} where s.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
      );
      return new Map(found.map((r) => [r.id, searchPath(r)]));
    },

    digestDue: withDb(db, digestDueOf),
  };
}

export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
