import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});

/** A person: every user is both an owner and a renter. `rating` is the average of ratings received. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  picture: text('picture'),
  rating: doublePrecision('rating'),
  totalRatings: integer('total_ratings').notNull().default(0),
  phoneNumber: text('phone_number'),
  phoneCountryCode: text('phone_country_code'),
  phoneVerified: boolean('phone_verified').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').notNull().references(() => users.id),
    categoryId: text('category_id').notNull().references(() => categories.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    dailyRatePence: integer('daily_rate_pence').notNull(),
    minDays: integer('min_days').notNull().default(1),
    maxDays: integer('max_days').notNull().default(30),
    address: text('address'),
    city: text('city'),
    postcode: text('postcode'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationApproximate: boolean('location_approximate').notNull().default(false),
    available: boolean('available').notNull().default(true),
    /** Lower-cased name and description, trigram-indexed for substring search. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || description)`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('items_daily_rate_non_negative', sql`${t.dailyRatePence} >= 0`),
    check('items_min_days_positive', sql`${t.minDays} >= 1`),
    check('items_max_days_not_below_min', sql`${t.maxDays} >= ${t.minDays}`),
    index('items_listing_idx').on(t.categoryId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null and ${t.available}`),
    index('items_newest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null and ${t.available}`),
    index('items_owner_idx').on(t.ownerId),
    index('items_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const itemImages = pgTable(
  'item_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id').notNull().references(() => items.id, { onDelete: 'cascade' }),
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
 * A booking of one item for an inclusive range of London calendar dates. The migration adds an
 * exclusion constraint: no two unreturned, uncancelled rentals of an item may overlap.
 */
export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id').notNull().references(() => items.id),
    renterId: text('renter_id').notNull().references(() => users.id),
    ownerId: text('owner_id').notNull().references(() => users.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    returned: boolean('returned').notNull().default(false),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    totalPence: integer('total_pence').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('rentals_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
    check('rentals_total_non_negative', sql`${t.totalPence} >= 0`),
    check('rentals_not_own_item', sql`${t.renterId} <> ${t.ownerId}`),
    index('rentals_renter_idx').on(t.renterId, t.startDate.desc()),
    index('rentals_owner_idx').on(t.ownerId, t.startDate.desc()),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    reviewerId: text('reviewer_id').notNull().references(() => users.id),
    revieweeId: text('reviewee_id').notNull().references(() => users.id),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    rentalId: uuid('rental_id').references(() => rentals.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_not_self', sql`${t.reviewerId} <> ${t.revieweeId}`),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt.desc()),
  ],
);
