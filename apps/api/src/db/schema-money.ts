import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-users.ts';

/**
 * A request to pay part of a user's available balance out to their card. pending -> paid | failed
 * (a trigger refuses any other move). Only the card's brand and last four digits are kept, with the
 * payout provider's token for the card (`destination`).
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
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
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
    check('withdrawals_status_known', sql`${t.status} in ('pending', 'paid', 'failed')`),
  ],
);
