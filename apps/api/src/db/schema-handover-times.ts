import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rentals } from './schema-rentals.ts';
import { users } from './schema-users.ts';

/** An owner's handover hours: ranges per weekday (0 Sunday) in London minutes; none means the default (0081). */
export const ownerHandoverHours = pgTable(
  'owner_handover_hours',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    weekday: integer('weekday').notNull(),
    opensMinutes: integer('opens_minutes').notNull(),
    closesMinutes: integer('closes_minutes').notNull(),
  },
  (t) => [
    primaryKey({ name: 'owner_handover_hours_pk', columns: [t.ownerId, t.weekday, t.opensMinutes] }),
    check('owner_handover_hours_weekday', sql`${t.weekday} BETWEEN 0 AND 6`),
    check(
      'owner_handover_hours_range',
      sql`${t.opensMinutes} >= 0 AND ${t.closesMinutes} <= 1440 AND ${t.opensMinutes} < ${t.closesMinutes} AND ${t.opensMinutes} % 30 = 0 AND ${t.closesMinutes} % 30 = 0`,
    ),
  ],
);

/** A new handover time one party proposed, waiting for the other to accept: one per rental and side. */
export const rentalHandoverProposals = pgTable(
  'rental_handover_proposals',
  {
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    side: text('side').notNull(),
    minutes: integer('minutes').notNull(),
    proposedBy: text('proposed_by').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'rental_handover_proposals_pk', columns: [t.rentalId, t.side] }),
    check('rental_handover_proposals_side', sql`${t.side} IN ('pickup', 'return')`),
    check('rental_handover_proposals_by', sql`${t.proposedBy} IN ('owner', 'renter')`),
    check('rental_handover_proposals_minutes', sql`${t.minutes} >= 0 AND ${t.minutes} < 1440 AND ${t.minutes} % 30 = 0`),
  ],
);
