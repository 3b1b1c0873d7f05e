import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './schema-auth.ts';
import { users } from './schema-users.ts';

/**
 * An operator's second factor (migration 0084): the 6-digit code emailed for one session, kept as its
 * SHA-256 only, valid until `expiresAt` and for 5 tries; `verifiedAt` set once it was entered.
 */
export const operatorCodes = pgTable(
  'operator_codes',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('operator_codes_attempts_range', sql`${t.attempts} >= 0 AND ${t.attempts} <= 5`)],
);

/** The operators' audit log (migration 0084): who did what to what, when and why. A trigger refuses UPDATE, DELETE and TRUNCATE. */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: text('operator_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    reason: text('reason').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_actions_created_idx').on(t.createdAt),
    check(
      'operator_actions_action_known',
      sql`${t.action} in ('dismiss_report', 'hide_listing', 'restore_listing', 'warn_member', 'suspend_member', 'reinstate_member', 'rule_claim')`,
    ),
    check('operator_actions_subject_kind_known', sql`${t.subjectKind} in ('report', 'item', 'member', 'claim')`),
    check('operator_actions_reason_given', sql`char_length(${t.reason}) between 1 and 1000`),
  ],
);
