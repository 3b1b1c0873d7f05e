import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The simulated card processor's own store (not Toolshed's records): its 3-D Secure authentications,
 * so a challenge started before a restart can still be answered and confirmed after it (migration
 * 0085). Only authentications of the documented 3-D Secure test cards exist, so the test card's kind
 * says everything about the card: no number is kept.
 */
export const simulatedAuthentications = pgTable(
  'simulated_authentications',
  {
    id: text('id').primaryKey(),
    /** How the test card behaves: challenge, challenge_fails, frictionless, challenge_then_declined. */
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('simulated_authentications_state_known', sql`${t.state} in ('pending', 'authenticated', 'failed')`),
    check(
      'simulated_authentications_kind_known',
      sql`${t.kind} in ('challenge', 'challenge_fails', 'frictionless', 'challenge_then_declined')`,
    ),
    index('simulated_authentications_created_idx').on(t.createdAt),
  ],
);

/**
 * The simulated processor's saved payment methods (migration 0086), so an off-session authorisation
 * scheduled before a restart (a deposit held the day before) still finds its card. Like a real
 * processor's, the card number never leaves the processor, and here it is not kept at all: the
 * simulator's behaviour depends only on which test card it is (its kind), shown by brand and last four.
 */
export const simulatedPaymentMethods = pgTable(
  'simulated_payment_methods',
  {
    id: text('id').primaryKey(),
    /** How the card behaves: approved, declined, insufficient_funds, processing_error, or a 3-D Secure test card's kind. */
    kind: text('kind').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'simulated_payment_methods_kind_known',
      sql`${t.kind} in ('approved', 'declined', 'insufficient_funds', 'processing_error', 'challenge', 'challenge_fails', 'frictionless', 'challenge_then_declined')`,
    ),
    check('simulated_payment_methods_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);
