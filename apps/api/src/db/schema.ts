import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { items } from './schema-catalogue.ts';
import { createdAt, users } from './schema-users.ts';

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
    /** The order's short reference people read and quote ('TS-7K3Q-92'), drawn by order_reference() (db/functions/). */
    reference: text('reference')
      .notNull()
      .default(sql`order_reference()`),
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
    uniqueIndex('payments_reference_idx').on(t.reference),
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
export * from './schema-users.ts';
export * from './schema-auth.ts';
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
export * from './schema-refunds.ts';
export * from './schema-saved-items.ts';
