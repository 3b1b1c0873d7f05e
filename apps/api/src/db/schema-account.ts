import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema-users.ts';

/**
 * The one pending phone verification of a user: the number asked for, an HMAC of the code (never the
 * code itself), when it expires, wrong tries so far, and how many codes were sent in the current window.
 */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  countryCode: text('country_code').notNull(),
  phoneNumber: text('phone_number').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sendsInWindow: integer('sends_in_window').notNull().default(1),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
