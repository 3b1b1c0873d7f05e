import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { items } from './schema-catalogue.ts';
import { users } from './schema-users.ts';

/** An owner's other calendar (migration 0028): for one item, or all their items when `itemId` is null. */
export const calendarSources = pgTable(
  'calendar_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Validators of the last good answer, sent back as If-None-Match and If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Why the last fetch failed, in words for the owner; null after a good one. */
    lastError: text('last_error'),
    /** What the last good answer's reading noted for the owner (time zones it could not read, migration 0058); null when nothing. */
    lastWarning: text('last_warning'),
    /** The last good answer's busy days ({ startDate, endDate }[]), spread again over items added since. */
    busyRanges: jsonb('busy_ranges')
      .$type<Array<{ startDate: string; endDate: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_sources_owner_idx').on(t.ownerId),
    index('calendar_sources_item_idx').on(t.itemId),
    check('calendar_sources_url_length', sql`char_length(${t.url}) <= 2000`),
  ],
);

/** Busy days from a source's last good answer, per item it covers; inclusive London dates. */
export const calendarBlockedDays = pgTable(
  'calendar_blocked_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => calendarSources.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('calendar_blocked_days_item_idx').on(t.itemId, t.endDate, t.startDate),
    index('calendar_blocked_days_source_idx').on(t.sourceId),
    check('calendar_blocked_days_dates', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
