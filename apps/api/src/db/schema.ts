import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
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
  /** The borrower's address used at checkout. */
  addressLine: text('address_line'),
  addressCity: text('address_city'),
  addressPostcode: text('address_postcode'),
  /** While set, the user's items cannot be booked for dates up to and including this one. */
  vacationUntil: date('vacation_until', { mode: 'string' }),
  /** Storage key of the uploaded picture; `picture` is its public URL. Only the upload sets both. */
  pictureKey: text('picture_key'),
  /** SHA-256 of the private calendar feed token (the token itself is never stored). */
  calendarTokenHash: text('calendar_token_hash'),
  /** Set when the account was deleted: the row stays, anonymised, for others' records and the ledger. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

/** A captured card payment for one checkout. Only the brand and last four digits are kept. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id),
    subtotalPence: integer('subtotal_pence').notNull(),
    serviceFeePence: integer('service_fee_pence').notNull(),
    amountPence: integer('amount_pence').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    /** authorised -> captured | capture_pending | voided; capture_pending -> captured | voided; captured -> refunded. Only forward (a trigger refuses the rest). */
    status: text('status').notNull().default('authorised'),
    /** Set when capture kept failing past its bound and the booking was cancelled. */
    captureFailedAt: timestamp('capture_failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_status_known', sql`${t.status} in ('authorised', 'capture_pending', 'captured', 'voided', 'refunded')`),
    check('payments_amount_is_sum', sql`${t.amountPence} = ${t.subtotalPence} + ${t.serviceFeePence}`),
    index('payments_renter_idx').on(t.renterId, t.createdAt.desc()),
  ],
);

/** One money movement: its entries (below) sum to zero, which a deferred trigger enforces. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    rentalId: uuid('rental_id').references(() => rentals.id),
    /** What else the movement belongs to, e.g. a withdrawal's id. */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_transactions_payment_idx').on(t.paymentId), index('ledger_transactions_rental_idx').on(t.rentalId)],
);

/**
 * Ledger entries: never changed or deleted (a trigger refuses it). Accounts are listed in
 * packages/core/src/ledger.ts; the platform's fees account is the only one without a user.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    userId: text('user_id').references(() => users.id),
    account: text('account').notNull(),
    kind: text('kind').notNull(),
    amountPence: integer('amount_pence').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    rentalId: uuid('rental_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.createdAt.desc()),
    index('ledger_rental_idx').on(t.rentalId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_user_account_idx').on(t.userId, t.account),
    check(
      'ledger_entries_account_known',
      sql`${t.account} in ('card', 'available', 'pending', 'payout_pending', 'paid_out', 'fees', 'deposit_held')`,
    ),
    check('ledger_entries_fees_have_no_user', sql`(${t.account} = 'fees') = (${t.userId} is null)`),
  ],
);

/**
 * One row per idempotency key: a retried or double-clicked checkout finds the first attempt here
 * and gets its answer instead of booking and charging again.
 */
export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The card hold an attempt made before migration 0032, which records them all in authorizationIds. */
    authorizationId: text('authorization_id'),
    /** Every card hold this attempt's current claim made (charge, request lines, deposits), so a crashed attempt's holds can be released. */
    authorizationIds: text('authorization_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Bumped each time the attempt is claimed again; only the current claim may book. */
    claim: integer('claim').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_attempts_key_idx').on(t.renterId, t.idempotencyKey),
    index('checkout_attempts_processing_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * A booking of one item for an inclusive range of London calendar dates. The migration adds an
 * exclusion constraint: no two unreturned, uncancelled rentals of an item may overlap.
 */
export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    returned: boolean('returned').notNull().default(false),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who cancelled: renter, owner (declined, with a reason) or system. */
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** What went back to the renter's balance when it was cancelled (line total and fee share). */
    refundPence: integer('refund_pence'),
    totalPence: integer('total_pence').notNull(),
    /** The daily rate charged, frozen at booking time. */
    dailyRatePence: integer('daily_rate_pence'),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The item's buffer days when booked: the no-overlap constraint runs each rental on by them (0027). */
    bufferDays: integer('buffer_days').notNull().default(0),
    /** The weekly price charged, frozen at booking time. */
    weeklyRatePence: integer('weekly_rate_pence'),
    /** Request-to-book only: pending -> accepted | declined | expired | withdrawn. */
    requestStatus: text('request_status'),
    /** When a pending request stops holding its dates: 24 hours after checkout or its start, the earlier. */
    requestExpiresAt: timestamp('request_expires_at', { withTimezone: true }),
    /** The card authorisation of this request alone, captured on accept, voided otherwise. */
    requestAuthorizationId: text('request_authorization_id'),
    /** What that authorisation holds: the line total and its share of the fee. */
    requestAmountPence: integer('request_amount_pence'),
    /** What extensions added to total_pence and to the fee (the checkout line is total_pence minus extended_line_pence). */
    extendedLinePence: integer('extended_line_pence').notNull().default(0),
    extendedFeePence: integer('extended_fee_pence').notNull().default(0),
    /** While a request item's extension waits for the owner: the end it asks for, held by the no-overlap constraint (0033). */
    heldEndDate: date('held_end_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('rentals_payment_idx').on(t.paymentId),
    index('rentals_pending_requests_idx')
      .on(t.ownerId, t.requestExpiresAt)
      .where(sql`${t.requestStatus} = 'pending'`),
    check('rentals_buffer_days_in_range', sql`${t.bufferDays} >= 0 and ${t.bufferDays} <= 3`),
    check(
      'rentals_request_status_known',
      sql`${t.requestStatus} is null or ${t.requestStatus} in ('pending', 'accepted', 'declined', 'expired', 'withdrawn')`,
    ),
    check(
      'rentals_request_complete',
      sql`${t.requestStatus} is null or (${t.requestExpiresAt} is not null and ${t.requestAuthorizationId} is not null and ${t.requestAmountPence} >= 0)`,
    ),
    // Serves 'is this item free on these dates' for browsing (an index-only probe per item).
    index('rentals_active_item_idx')
      .on(t.itemId, t.endDate, t.startDate)
      .where(sql`not ${t.returned} and ${t.cancelledAt} is null`),
    check('rentals_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
    check('rentals_held_end_after_end', sql`${t.heldEndDate} is null or ${t.heldEndDate} > ${t.endDate}`),
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
    /** Half stars, 0.5 to 5. */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    comment: text('comment').notNull().default(''),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id),
    revieweeId: text('reviewee_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    rentalId: uuid('rental_id').references(() => rentals.id),
    /** renter: of the owner and item; owner: of the renter. */
    reviewerRole: text('reviewer_role').notNull().default('renter'),
    /** Null while hidden (double-blind); reviews without a rental (sample ones) are published when written. */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_half_stars', sql`${t.rating} between 0.5 and 5 and ${t.rating} * 2 = trunc(${t.rating} * 2)`),
    check('reviews_reviewer_role_known', sql`${t.reviewerRole} in ('renter', 'owner')`),
    check('reviews_comment_length', sql`char_length(${t.comment}) <= 1000`),
    uniqueIndex('reviews_rental_reviewer_idx')
      .on(t.rentalId, t.reviewerId)
      .where(sql`${t.rentalId} is not null`),
    index('reviews_reviewer_idx').on(t.reviewerId, t.createdAt.desc()),
    index('reviews_hidden_idx')
      .on(t.rentalId)
      .where(sql`${t.publishedAt} is null`),
    check('reviews_not_self', sql`${t.reviewerId} <> ${t.revieweeId}`),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt.desc()),
  ],
);

/** Sign-in sessions (managed by better-auth). Only the opaque token travels, in an httpOnly cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Credentials (managed by better-auth): for email sign-in, `password` holds the password hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/** One-time tokens (managed by better-auth), e.g. password resets. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Messages sent through the help page's contact form. */
export const supportRequests = pgTable('support_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** What a user is told about: their items, rentals and messages. Unread while `readAt` is null. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    rentalId: uuid('rental_id').references(() => rentals.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** What caused it (an event, a reminder): one notification per cause and user. */
    eventKey: text('event_key'),
    /** The tab it shows under: 'items' (as owner) or 'rentals' (as renter). */
    tab: text('tab').notNull().default('items'),
    /** Entries on /notifications group by this: an item id, a rental id, or 'account'. */
    groupKey: text('group_key').notNull().default('account'),
  },
  (t) => [
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_event_idx')
      .on(t.userId, t.eventKey)
      .where(sql`${t.eventKey} is not null`),
    index('notifications_user_group_idx').on(t.userId, t.tab, t.groupKey, t.createdAt),
    check('notifications_tab_known', sql`${t.tab} in ('items', 'rentals')`),
  ],
);
export * from './schema-account.ts';

export * from './schema-jobs.ts';
export * from './schema-catalogue.ts';
export * from './schema-shared-limits.ts';
export * from './schema-messages.ts';
export * from './schema-money.ts';
export * from './schema-deposits.ts';
export * from './schema-wheelbarrow.ts';
export * from './schema-extensions.ts';
export * from './schema-handover.ts';
export * from './schema-calendar-sync.ts';
