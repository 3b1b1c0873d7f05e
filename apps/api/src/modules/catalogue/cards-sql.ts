import { sql, type SQL } from 'drizzle-orm';
import type { BrowseSort, GeoPoint } from '@toolshed/core';
import { newestFirst } from './browse-sql.ts';
import { chordFrom } from './near-sql.ts';
import { orderedRows } from './order-sql.ts';

/**
 * The card's columns for each page row `m` (id, created_at), all from its item: the item carries its
 * first photo's keys (migration 0040) and its owner's name, picture, rating and number of ratings
 * (0009, 0041), kept by triggers, so a card is one probe of the items' primary key (the LIMIT keeps
 * it a probe whatever the generic plan guesses of the page's rows).
 */
const SUMMARY_COLUMNS = sql`i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.min_days, i.max_days, i.city,
  i.owner_id, i.owner_name, i.owner_picture, i.owner_rating, i.owner_total_ratings,
  i.photo_large_key as large_key, i.photo_thumb_key as thumb_key`;
const SUMMARY_JOINS = sql`cross join lateral (select * from items where id = m.id limit 1) i`;

/**
 * The cards of the page rows `(id, created_at)` that `from` selects, joined beside a one-row count
 * `c`: the count comes back even when the page is empty (each card row then has a null id).
 */
const cardsBeside = (from: SQL) => sql`
  left join (select ${SUMMARY_COLUMNS}, m.created_at from (${from}) m ${SUMMARY_JOINS}) p on true
  order by ${newestFirst('p')}`;

/**
 * `cardsBeside` for any order and place: the page rows of an order other than newest carry their
 * tier and key (`orderedWalk`, `orderedKeyedMatches`) to be put in order again; with a location each
 * card gets its distance from the public point.
 */
export function cardsInOrder(from: SQL, sort: BrowseSort, near: GeoPoint | undefined): SQL {
  if (sort === 'newest' && !near) return cardsBeside(from);
  const distance = near ? sql`, ${chordFrom(near, 'i')} as chord_m` : sql``;
  const ordering = sort === 'newest' ? sql`` : sql`, m.tier, m.k`;
  return sql`
  left join (select ${SUMMARY_COLUMNS}${distance}, m.created_at${ordering} from (${from}) m ${SUMMARY_JOINS}) p on true
  order by ${sort === 'newest' ? newestFirst('p') : orderedRows(sort, 'p')}`;
}
