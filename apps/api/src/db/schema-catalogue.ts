import { integer, pgTable, text } from 'drizzle-orm/pg-core';
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
