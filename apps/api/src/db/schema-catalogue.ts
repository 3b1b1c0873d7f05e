import { customType, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories } from './schema.ts';

/**
 * Listed items (not deleted, available) per category, kept by triggers on `items` in the same
 * transaction as each change (migration 0009), so the sidebar and unfiltered pages never count rows.
 */
export const categoryItemCounts = pgTable('category_item_counts', {
  categoryId: text('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  listed: integer('listed').notNull().default(0),
});

const dateMultirange = customType<{ data: string }>({ dataType: () => 'datemultirange' });

/**
 * The distinct tokens of every listed item's text (cut at ASCII whitespace and punctuation), with a
 * trigram index: a search word's tokens are those containing it (migration 0015, decision 016).
 */
export const searchTokens = pgTable(
  'search_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    token: text('token').notNull().unique(),
  },
  (t) => [index('search_tokens_trgm_idx').using('gin', t.token.op('gin_trgm_ops'))],
);

/** What the search tables copy from each listed item: its date, for newest first, and what browse filters on. */
const browsedColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  categoryId: text('category_id').notNull(),
  ownerId: text('owner_id').notNull(),
  dailyRatePence: integer('daily_rate_pence').notNull(),
  ownerRating: doublePrecision('owner_rating'),
  booked: dateMultirange('booked').notNull(),
});

/**
 * One row per token of each listed item, carrying the columns browse filters on, kept by triggers
 * on `items` (migration 0015): a word search reads one index newest first, never the items.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    tokenId: integer('token_id').notNull(),
    itemId: uuid('item_id').notNull(),
    ...browsedColumns(),
  },
  (t) => [uniqueIndex('search_postings_newest_idx').on(t.tokenId, t.createdAt.desc(), t.itemId.desc())],
);

/**
 * One row per listed item with the ids of its tokens and the columns browse filters on, kept by the
 * same triggers (migration 0019): two or more words across all categories intersect the words' lists
 * in the GIN index of `token_ids` (decision 020).
 */
export const searchItems = pgTable(
  'search_items',
  {
    itemId: uuid('item_id').primaryKey(),
    ...browsedColumns(),
    tokenIds: integer('token_ids').array().notNull(),
  },
  (t) => [index('search_items_tokens_idx').using('gin', t.tokenIds)],
);
