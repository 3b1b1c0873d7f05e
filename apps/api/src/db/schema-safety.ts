import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-users.ts';

/**
 * A member's report of a listing, a member or a message (migration 0072): what was reported as it was
 * then (`snapshot`), who reported it, why and in their words. One per reporter and thing. The
 * operator's desk reads the open ones (`reports_desk_idx`); `subject_member_id` is whose thing it is.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectKind: text('subject_kind').notNull(),
    /** The item's, member's or message's id. */
    subjectId: text('subject_id').notNull(),
    subjectMemberId: text('subject_member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details'),
    snapshot: jsonb('snapshot').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_once_per_reporter_idx').on(t.reporterId, t.subjectKind, t.subjectId),
    index('reports_desk_idx').on(t.status, t.createdAt),
    index('reports_subject_idx').on(t.subjectKind, t.subjectId),
    check('reports_subject_kind_known', sql`${t.subjectKind} in ('item', 'member', 'message')`),
    check('reports_reason_known', sql`${t.reason} in ('misleading', 'prohibited', 'offensive', 'scam', 'harassment', 'other')`),
    check('reports_status_known', sql`${t.status} in ('open', 'upheld', 'dismissed')`),
    check('reports_details_length', sql`char_length(${t.details}) <= 1000`),
    check('reports_not_yourself', sql`${t.reporterId} <> ${t.subjectMemberId}`),
  ],
);

/** A member's block of another (migration 0072): it holds both ways, and the blocked member is never told. */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'member_blocks_pk', columns: [t.blockerId, t.blockedId] }),
    index('member_blocks_blocked_idx').on(t.blockedId),
    check('member_blocks_two_people', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
