import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from './schema-catalogue.ts';
import { users } from './schema-users.ts';

/**
 * "Tell me if these dates free up" (migration 0071): a member waiting for an item's London calendar
 * dates (inclusive). Told once (`notifiedAt`) when the whole range is free; stopped by the member
 * (`cancelledAt`); a watch whose start date has passed is over and is neither checked nor listed.
 * One waiting watch per member, item and dates.
 */
export const dateWatches = pgTable(
  'date_watches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('date_watches_waiting_key')
      .on(t.userId, t.itemId, t.startDate, t.endDate)
      .where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
    index('date_watches_item_waiting_idx')
      .on(t.itemId, t.startDate)
      .where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
    index('date_watches_user_idx').on(t.userId, t.startDate),
    check('date_watches_dates', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
