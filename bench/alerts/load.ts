import pg from 'pg';
import { sql } from 'drizzle-orm';
import { CATEGORIES, LARGEST_TOWNS } from '@toolshed/core';
import type { Db } from '../../apps/api/src/db/database.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import { createCatalogueRepository } from '../../apps/api/src/modules/catalogue/catalogue-repository.ts';
import { matchKeysOf } from '../../apps/api/src/modules/saved-searches/saved-searches-repository.ts';
import { CATEGORY_VOCABULARY } from '../browse/vocabulary.ts';

// The bench's database: made afresh, then filled with members, saved searches, wanted posts and the day's new listings.

export const USERS = 5_000;

export async function recreate(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

export /** The words people save: each tool's last word, its plural, the whole name, the last two words. */
function searchWordsOfCatalogue(): string[] {
  const out = new Set<string>();
  for (const v of Object.values(CATEGORY_VOCABULARY)) {
    for (const noun of v.nouns) {
      const words = noun.toLowerCase().split(/\s+/);
      const last = words.at(-1)!;
      out.add(last).add(`${last}s`).add(words.join(' '));
      if (words.length > 1) out.add(words.slice(-2).join(' '));
    }
  }
  return [...out];
}

/** Each distinct search's tsquery, as the planner makes it. */
export async function plannedSearches(db: Db, words: string[]): Promise<Array<{ search: string; query: string; keys: string[] }>> {
  // Each distinct search's tsquery, as the planner makes it (the vocabulary is empty: the words as
  // typed and their forms, the shape of most saved searches).
  const catalogue = createCatalogueRepository(db);
  const queries: Array<{ search: string; query: string; keys: string[] }> = [];
  for (const search of words) {
    const query = await catalogue.matchQueryText(await catalogue.planOf({ search, page: 1, pageSize: 1 }));
    if (query) queries.push({ search, query, keys: matchKeysOf(query) });
  }
  return queries;
}

const towns = LARGEST_TOWNS.map(([name, lat, lon]) => ({ name, lat, lon }));
const categoryIds = CATEGORIES.map((c) => c.id);

/** The saved searches: words for four in five, a category for two in five, a town for nineteen in twenty. */
export async function loadSavedSearches(
  db: Db,
  searches: number,
  queries: ReadonlyArray<{ search: string; query: string; keys: string[] }>,
): Promise<void> {
  await queryRows(
    db,
    sql`insert into saved_searches (user_id, name, category_id, search, max_price_pence, min_rating, near, place_label, latitude, longitude,
          radius_miles, frequency, match_query, match_keys, unsubscribe_token)
        select 'u' || (1 + floor(random() * ${USERS})::int), coalesce(q->>'search', 'Anything'),
               case when r_cat < 0.4 or q is null then ${JSON.stringify(categoryIds)}::jsonb->>(floor(random() * ${categoryIds.length})::int) end,
               q->>'search', case when random() < 0.3 then 1000 + floor(random() * 40)::int * 100 end, null,
               case when placed then t->>'name' end, case when placed then t->>'name' end,
               case when placed then (t->>'lat')::float8 end, case when placed then (t->>'lon')::float8 end,
               case when placed then (array[5, 10, 25])[1 + floor(random() * 3)::int] end,
               case when random() < 0.5 then 'instant' else 'daily' end,
               (q->>'query')::tsquery, case when q is not null then array(select jsonb_array_elements_text(q->'keys')) end,
               md5(g::text || random()::text)
          from (select g, random() as r_cat, random() < 0.95 as placed,
                       case when random() < 0.8 then ${JSON.stringify(queries)}::jsonb->(floor(random() * ${queries.length})::int) end as q,
                       ${JSON.stringify(towns)}::jsonb->(floor(random() * ${towns.length})::int) as t
                  from generate_series(1, ${searches}) g) s`,
  );
  await queryRows(db, sql`vacuum analyze saved_searches`);
}

export async function loadWantedPosts(db: Db, posts: number, words: string[]): Promise<void> {
  // Open wanted posts: a tool's name or a plain ask as the title, near one of the towns, within 1 to
  // 25 miles, for days in the coming month, a category for seven in ten, a price for half.
  const titles = words.map((w) => `Need a ${w} for the weekend`);
  await queryRows(
    db,
    sql`insert into wanted_posts (user_id, title, category_id, place_label, latitude, longitude, radius_miles, start_date, end_date, max_price_pence)
        select 'u' || (1 + floor(random() * ${USERS})::int), ${JSON.stringify(titles)}::jsonb->>(floor(random() * ${titles.length})::int),
               case when random() < 0.7 then ${JSON.stringify(categoryIds)}::jsonb->>(floor(random() * ${categoryIds.length})::int) end,
               t->>'name', (t->>'lat')::float8 + (random() - 0.5) * 0.1, (t->>'lon')::float8 + (random() - 0.5) * 0.15,
               (array[1, 3, 5, 10, 25])[1 + floor(random() * 5)::int], current_date + 1, current_date + 2 + floor(random() * 30)::int,
               case when random() < 0.5 then 500 + floor(random() * 30)::int * 100 end
          from (select ${JSON.stringify(towns)}::jsonb->(floor(random() * ${towns.length})::int) as t from generate_series(1, ${posts})) s`,
  );
  await queryRows(db, sql`vacuum analyze wanted_posts`);
}

export async function insertNewListings(db: Db, count: number): Promise<Array<{ id: string }>> {
  // The day's new listings: tool names of the generated catalogue near the 60 towns.
  const nouns = Object.entries(CATEGORY_VOCABULARY).flatMap(([categoryId, v]) => v.nouns.map((noun) => ({ categoryId, noun })));
  const items = await queryRows<{ id: string }>(
    db,
    sql`insert into items (owner_id, category_id, name, description, daily_rate_pence, min_days, max_days, address, city, postcode,
          latitude, longitude, available)
        select 'u' || (1 + floor(random() * ${USERS})::int), n->>'categoryId', n->>'noun', 'Well kept ' || lower(n->>'noun') || ', ready to use.',
               300 + floor(random() * 60)::int * 50, 1, 7, '1 High Street', t->>'name', 'AB1 2CD',
               (t->>'lat')::float8 + (random() - 0.5) * 0.1, (t->>'lon')::float8 + (random() - 0.5) * 0.15, true
          from (select ${JSON.stringify(nouns)}::jsonb->(floor(random() * ${nouns.length})::int) as n,
                       ${JSON.stringify(towns)}::jsonb->(floor(random() * ${towns.length})::int) as t
                  from generate_series(1, ${count})) s
        returning id`,
  );
  await queryRows(db, sql`analyze items`);
  return items;
}
