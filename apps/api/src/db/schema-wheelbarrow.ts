import { check, date, doublePrecision, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { items } from './schema-catalogue.ts';
import { users } from './schema-users.ts';

/** A signed-in user's wheelbarrow (migration 0010): item and dates only; prices come from items at checkout. */
export const wheelbarrowLines = pgTable(
  'wheelbarrow_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'wheelbarrow_lines_pk', columns: [t.userId, t.itemId] }),
    check('wheelbarrow_lines_dates', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** Web vitals summed per London day, metric and page kind (migration 0010). */
export const vitalsDaily = pgTable(
  'vitals_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    page: text('page').notNull(),
    samples: integer('samples').notNull().default(0),
    total: doublePrecision('total').notNull().default(0),
    good: integer('good').notNull().default(0),
    needsImprovement: integer('needs_improvement').notNull().default(0),
    poor: integer('poor').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'vitals_daily_pk', columns: [t.day, t.metric, t.page] })],
);
