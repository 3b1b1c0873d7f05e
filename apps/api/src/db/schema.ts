import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { items } from './schema-catalogue.ts';
import { payments, rentals } from './schema-rentals.ts';
import { createdAt, users } from './schema-users.ts';

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
/** A checkout waiting for the bank's challenge: its lines (whose dates it holds), the balance choice, the card shown. */
export interface PendingCheckout {
  lines: Array<{ itemId: string; startDate: string; endDate: string }>;
  useBalance: boolean;
  amountPence: number;
  brand: string;
  last4: string;
}

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
    /** The processor's 3-D Secure authentication (status 'awaiting_challenge' while its challenge is open). */
    authenticationId: text('authentication_id'),
    /** What the attempt books once the bank's challenge is answered (migration 0077). */
    pending: jsonb('pending').$type<PendingCheckout>(),
    /** When an unanswered challenge gives up and releases the dates. */
    challengeExpiresAt: timestamp('challenge_expires_at', { withTimezone: true }),
    /** Why a failed attempt failed, so that asking again answers the same. */
    failure: jsonb('failure').$type<{ code: string; message: string; field?: string }>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_attempts_key_idx').on(t.renterId, t.idempotencyKey),
    index('checkout_attempts_processing_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'processing'`),
    index('checkout_attempts_challenge_idx')
      .on(t.challengeExpiresAt)
      .where(sql`${t.status} = 'awaiting_challenge'`),
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
export * from './schema-rentals.ts';
export * from './schema-shared-limits.ts';
export * from './schema-messages.ts';
export * from './schema-money.ts';
export * from './schema-deposits.ts';
export * from './schema-wheelbarrow.ts';
export * from './schema-extensions.ts';
export * from './schema-handover.ts';
export * from './schema-handover-times.ts';
export * from './schema-calendar-sync.ts';
export * from './schema-refunds.ts';
export * from './schema-saved-items.ts';
export * from './schema-date-watches.ts';
export * from './schema-safety.ts';
export * from './schema-ops.ts';
export * from './schema-simulator.ts';
