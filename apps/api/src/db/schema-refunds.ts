import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rentals } from './schema-rentals.ts';
import { users } from './schema-users.ts';

/**
 * Money of a cancelled rental going back to the card it was paid with (migration 0059): one row per
 * captured card authorisation the rental was paid by (its checkout's, its request's, an extension's).
 * pending -> succeeded | failed (a trigger refuses any other move). A failed one is given to the
 * renter's Toolshed balance instead. The processor is asked with the row's id, so asking again after
 * a lost answer refunds once.
 */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    /** The captured authorisation refunded. */
    authorizationId: text('authorization_id').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** The card's brand and last four digits, when known (an extension's card is not kept). */
    brand: text('brand'),
    last4: text('last4'),
    status: text('status').notNull().default('pending'),
    /** The processor's id for the refund, once it has answered. */
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('card_refunds_rental_authorization_idx').on(t.rentalId, t.authorizationId),
    index('card_refunds_renter_idx').on(t.renterId),
    check('card_refunds_amount_positive', sql`${t.amountPence} > 0`),
    check('card_refunds_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
