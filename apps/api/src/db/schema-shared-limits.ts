import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every API process (platform/rate-limit). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEnds)],
);

/** The next free slot of a deployment-wide throttle, e.g. one geocoder request per second. */
export const throttleSlots = pgTable('throttle_slots', {
  name: text('name').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/** Geocoder answers, shared by every process; bounded in age and size by housekeeping. */
export const geocodeCache = pgTable(
  'geocode_cache',
  {
    query: text('query').primaryKey(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    approximate: boolean('approximate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('geocode_cache_created_idx').on(t.createdAt)],
);

/** Failed sign-ins per account and address (modules/auth/sign-in-limiter.ts), shared by every process. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_failures_account_idx').on(t.account, t.at), index('sign_in_failures_at_idx').on(t.at)],
);

/**
 * The statements the prepared-read connections have run (db/statement-shapes.ts): each text, named by
 * its hash, holds no value (values are parameters). A starting process plans the most recently seen
 * before it answers, so the first browse of each shape after a restart does not wait for a plan.
 */
export const statementShapes = pgTable(
  'statement_shapes',
  {
    name: text('name').primaryKey(),
    text: text('text').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('statement_shapes_seen_idx').on(t.seenAt)],
);
