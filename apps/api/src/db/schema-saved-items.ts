import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { items } from './schema-catalogue.ts';
import { users } from './schema-users.ts';

/**
 * A member's saved items, their favourites (migration 0060): one row per member and item, theirs
 * alone. An item deleted for good takes its saves with it; a soft-deleted or unlisted one keeps them
 * (the Saved page says it is no longer listed). The item index counts an owner's savers.
 */
export const savedItems = pgTable(
  'saved_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'saved_items_pk', columns: [t.userId, t.itemId] }), index('saved_items_item_idx').on(t.itemId)],
);
