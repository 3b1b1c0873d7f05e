import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
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
     * The item has a photo (migration 0034): relevance's first tier with a rated owner (decision 022),
     * kept by triggers on item_images and carried by the browse indexes.
     */
    hasPhoto: boolean('has_photo').notNull().default(false),
    /** The first photo's storage keys, for browse cards (migration 0040): kept with has_photo by the same triggers. */
    photoLargeKey: text('photo_large_key'),
    photoThumbKey: text('photo_thumb_key'),
    /** Lower-cased name and description, trigram-indexed for substring search. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || description)`),
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
    check('items_buffer_days_in_range', sql`${t.bufferDays} >= 0 and ${t.bufferDays} <= 3`),
    check('items_weekly_rate_non_negative', sql`${t.weeklyRatePence} >= 0`),
    // The two listing indexes also INCLUDE the browse filter columns (owner_id, daily_rate_pence,
    // owner_rating, booked, has_photo, and category_id for the newest one): migrations 0020 and 0034, which drizzle's
    // index builder cannot express. The browse indexes with the text are migration-only (0017), as
    // are the GiST index on the public point and the rating index (0023).
    index('items_listing_idx')
      .on(t.categoryId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.available}`),
    index('items_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.available}`),
    index('items_owner_idx').on(t.ownerId),
    index('items_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
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
