import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-users.ts';

/**
 * A request to pay part of a user's available balance out to their bank account (`method` 'bank';
 * 'card' is the retired card-payout path, kept for the history of earlier requests). pending ->
 * paid | failed | cancelled, paid -> returned (a trigger refuses any other move). Only the last four
 * digits (and for a bank account its sort code and name) are kept, with the payout provider's token
 * for the destination (`destination`) and its reference for the payout once sent.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    amountPence: integer('amount_pence').notNull(),
    status: text('status').notNull().default('pending'),
    method: text('method').notNull().default('card'),
    /** The card's brand (card withdrawals only). */
    brand: text('brand'),
    last4: text('last4').notNull(),
    /** The bank account's sort code (six digits) and name on it (bank withdrawals only). */
    sortCode: text('sort_code'),
    accountName: text('account_name'),
    /** The payout provider's reference for the payout, once sent. */
    payoutReference: text('payout_reference'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    provider: text('provider').notNull(),
    destination: text('destination').notNull(),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawals_user_key_idx').on(t.userId, t.idempotencyKey),
    index('withdrawals_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('withdrawals_amount_positive', sql`${t.amountPence} > 0`),
    check('withdrawals_status_known', sql`${t.status} in ('pending', 'paid', 'failed', 'returned', 'cancelled')`),
    check('withdrawals_method_known', sql`${t.method} in ('card', 'bank')`),
    check(
      'withdrawals_destination_described',
      sql`(${t.method} = 'card' and ${t.brand} is not null) or (${t.method} = 'bank' and ${t.sortCode} is not null and ${t.accountName} is not null)`,
    ),
  ],
);

/**
 * A member's UK bank account for payouts, one each. Never the full account number: the payout
 * provider's token for the account (issued when it was added), its last four digits and the sort code.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    sortCode: text('sort_code').notNull(),
    last4: text('last4').notNull(),
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bank_accounts_sort_code_digits', sql`${t.sortCode} ~ '^[0-9]{6}$'`),
    check('bank_accounts_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('bank_accounts_holder_name_length', sql`length(${t.holderName}) between 2 and 70`),
  ],
);
