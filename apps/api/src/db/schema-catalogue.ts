import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, users } from './schema-users.ts';

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});

/** PostgreSQL's datemultirange, read and written as its text form, e.g. '{[2026-12-01,2026-12-04)}'. */
const dateMultirange = customType<{ data: string }>({ dataType: () => 'datemultirange' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    dailyRatePence: integer('daily_rate_pence').notNull(),
    /** Refundable deposit held on the renter's card at checkout (0: none; at most £1,000). */
    depositPence: integer('deposit_pence').notNull().default(0),
    minDays: integer('min_days').notNull().default(1),
    maxDays: integer('max_days').notNull().default(30),
    /** The owner's requirements of renters (migration 0026): a verified phone; rentals completed as a renter, 0 to 50. */
    requireVerifiedPhone: boolean('require_verified_phone').notNull().default(false),
    minCompletedRentals: integer('min_completed_rentals').notNull().default(0),
    /** instant: booked at checkout; request: the owner accepts each booking (migration 0027). */
    bookingMode: text('booking_mode').notNull().default('instant'),
    /** Days kept free before and after each rental, 0 to 3. */
    bufferDays: integer('buffer_days').notNull().default(0),
    /** flexible, moderate or strict: what a renter's cancellation gets back (migration 0083, decision 037). */
    cancellationPolicy: text('cancellation_policy').notNull().default('flexible'),
    /** Price per full week of a rental; the rest of the days at the daily rate. */
    weeklyRatePence: integer('weekly_rate_pence'),
    address: text('address'),
    city: text('city'),
    postcode: text('postcode'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationApproximate: boolean('location_approximate').notNull().default(false),
    /**
     * The public point: the geocoded point moved a stable 250-400 m in a random direction, drawn by
     * a trigger whenever the point is set (migration 0023). Markers, distances and the radius use it.
     */
    publicLatitude: doublePrecision('public_latitude'),
    publicLongitude: doublePrecision('public_longitude'),
    available: boolean('available').notNull().default(true),
    /** Reported by three different members: out of browsing until an operator looks (migration 0072). */
    hiddenPendingReview: boolean('hidden_pending_review').notNull().default(false),
    /** Kept by triggers for browsing (migration 0009): the owner's rating and the days booked by active rentals. */
    ownerRating: doublePrecision('owner_rating'),
    /** The owner's name, picture and number of ratings, for browse cards (migration 0041): kept as owner_rating is. */
    ownerName: text('owner_name'),
    ownerPicture: text('owner_picture'),
    ownerTotalRatings: integer('owner_total_ratings').notNull().default(0),
    /**
     * The days a booking may not include (migration 0030): open rentals and held requests widened by
     * their buffers as the no-overlap constraint compares them, and days blocked by the owner's other
     * calendars. Kept by triggers on rentals, calendar_blocked_days and this row's buffer_days.
     */
    booked: dateMultirange('booked')
      .notNull()
      .default(sql`'{}'`),
    /**
     * What the browse indexes carry of `booked` (migration 0052, decision 026): booked itself up to 32
     * periods, else its first 32 (at most 424 bytes, where a B-tree entry holds 2,704), and the first
     * day it no longer speaks for (the 33rd period's first day, or 'infinity'). Generated from booked.
     */
    bookedSoon: dateMultirange('booked_soon')
      .notNull()
      .generatedAlwaysAs(sql`items_booked_soon(booked)`),
    bookedSoonUntil: date('booked_soon_until', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`items_booked_soon_until(booked)`),
    /**
     * The item has a photo (migration 0034): relevance's first tier with a rated owner (decision 022),
     * kept by triggers on item_images and carried by the browse indexes.
     */
    hasPhoto: boolean('has_photo').notNull().default(false),
    /** The first photo's storage keys, for browse cards (migration 0040): kept with has_photo by the same triggers. */
    photoLargeKey: text('photo_large_key'),
    photoThumbKey: text('photo_thumb_key'),
    /**
     * The search document (migration 0056, decision 025): the name's and description's English stems
     * weighted A and B, their words as written C and D; GIN-indexed over listed items.
     */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B') || setweight(to_tsvector('simple'::regconfig, name), 'C') || setweight(to_tsvector('simple'::regconfig, description), 'D')`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('items_daily_rate_non_negative', sql`${t.dailyRatePence} >= 0`),
    check('items_deposit_in_range', sql`${t.depositPence} >= 0 and ${t.depositPence} <= 100000`),
    check('items_min_days_positive', sql`${t.minDays} >= 1`),
    check('items_max_days_not_below_min', sql`${t.maxDays} >= ${t.minDays}`),
    check('items_min_completed_rentals_in_range', sql`${t.minCompletedRentals} >= 0 and ${t.minCompletedRentals} <= 50`),
    check('items_booking_mode_known', sql`${t.bookingMode} in ('instant', 'request')`),
    check('items_cancellation_policy_known', sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`),
    check('items_buffer_days_in_range', sql`${t.bufferDays} >= 0 and ${t.bufferDays} <= 3`),
    check('items_weekly_rate_non_negative', sql`${t.weeklyRatePence} >= 0`),
    // The two listing indexes also INCLUDE the browse filter columns (owner_id, daily_rate_pence,
    // owner_rating, booked_soon and its end, has_photo, and category_id for the newest one): migrations 0020, 0034 and 0052, which drizzle's
    // index builder cannot express. The GiST indexes on the public point, the price and rating indexes
    // (0023, 0057) and the bands' index (0047) are migration-only.
    index('items_listing_idx')
      .on(t.categoryId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.available} and not ${t.hiddenPendingReview}`),
    index('items_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.available} and not ${t.hiddenPendingReview}`),
    index('items_owner_idx').on(t.ownerId),
    index('items_search_document_idx')
      .using('gin', t.searchDocument)
      .where(sql`${t.deletedAt} is null and ${t.available} and not ${t.hiddenPendingReview}`),
  ],
);

export const itemImages = pgTable(
  'item_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    largeKey: text('large_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('item_images_item_position_idx').on(t.itemId, t.position)],
);

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

/**
 * The catalogue's words as written, with their English stems and how many items (not deleted) use
 * each, kept by a trigger on items (migration 0056): what a search's plan asks of the vocabulary
 * (decision 025). Indexed by stem, by prefix and by trigrams (near spellings).
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    word: text('word').primaryKey(),
    stem: text('stem').notNull(),
    items: integer('items').notNull(),
  },
  (t) => [
    index('search_vocabulary_stem_idx').on(t.stem),
    index('search_vocabulary_prefix_idx').using('btree', t.word.op('text_pattern_ops')),
    index('search_vocabulary_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
  ],
);
