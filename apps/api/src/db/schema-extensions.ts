import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rentals } from './schema-rentals.ts';

/**
 * A rental extended (migration 0027): its end moved from one date to a later one and the difference
 * paid (line to the owner, fee to the platform) by card or from the balance. A request item's
 * extension waits for the owner ('pending'), its card authorised and its days held, until accepted
 * ('paid'), declined, withdrawn by the renter or expired (0033).
 */
export const rentalExtensions = pgTable(
  'rental_extensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    fromEndDate: date('from_end_date', { mode: 'string' }).notNull(),
    toEndDate: date('to_end_date', { mode: 'string' }).notNull(),
    linePence: integer('line_pence').notNull(),
    feePence: integer('fee_pence').notNull(),
    paidWith: text('paid_with').notNull(),
    authorizationId: text('authorization_id'),
    /** The card it was paid with, as the processor answered the authorisation (migration 0063); null for the balance. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** A pending extension stops holding its days then (migration 0033). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A paid extension whose card could not be charged for good was reversed then (migration 0078). */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    index('rental_extensions_rental_idx').on(t.rentalId),
    uniqueIndex('rental_extensions_one_pending_idx')
      .on(t.rentalId)
      .where(sql`${t.status} = 'pending'`),
    check('rental_extensions_later', sql`${t.toEndDate} > ${t.fromEndDate}`),
    check('rental_extensions_paid_with_known', sql`${t.paidWith} in ('card', 'balance')`),
    check('rental_extensions_status_known', sql`${t.status} in ('paid', 'pending', 'declined', 'expired', 'withdrawn', 'reversed')`),
    check('rental_extensions_pending_expires', sql`${t.status} <> 'pending' or ${t.expiresAt} is not null`),
  ],
);
