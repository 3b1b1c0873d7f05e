import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rentals } from './schema-rentals.ts';
import { users } from './schema-users.ts';

/**
 * A rental's deposit, authorised on the renter's card at checkout: held -> released (captured 0) or
 * captured (part or all; the rest released). Settled once: a trigger (migration 0025) refuses any
 * change after that, and any change to the amount, parties or authorisation.
 */
export const depositHolds = pgTable(
  'deposit_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    amountPence: integer('amount_pence').notNull(),
    provider: text('provider').notNull(),
    authorizationId: text('authorization_id').notNull(),
    status: text('status').notNull().default('held'),
    capturedPence: integer('captured_pence'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposit_holds_rental_idx').on(t.rentalId),
    index('deposit_holds_renter_idx')
      .on(t.renterId)
      .where(sql`${t.status} = 'held'`),
    check('deposit_holds_amount_in_range', sql`${t.amountPence} > 0 AND ${t.amountPence} <= 100000`),
    check('deposit_holds_status_known', sql`${t.status} IN ('held', 'released', 'captured')`),
    check('deposit_holds_capture_within_hold', sql`${t.capturedPence} >= 0 AND ${t.capturedPence} <= ${t.amountPence}`),
    check(
      'deposit_holds_settled_once',
      sql`(${t.status} = 'held' AND ${t.capturedPence} IS NULL AND ${t.settledAt} IS NULL)
		OR (${t.status} = 'released' AND ${t.capturedPence} IS NOT NULL AND ${t.capturedPence} = 0 AND ${t.settledAt} IS NOT NULL)
		OR (${t.status} = 'captured' AND ${t.capturedPence} IS NOT NULL AND ${t.capturedPence} > 0 AND ${t.settledAt} IS NOT NULL)`,
    ),
  ],
);

/**
 * A problem reported by one party of a rental and answered by the other: open -> accepted | disputed;
 * disputed -> accepted | escalated (sent to support after 7 days); escalated -> accepted; and, by the
 * claimant, open | disputed | escalated -> withdrawn. Until settled (accepted or withdrawn) the amount
 * may only go down (lowered by the claimant, or agreed from a proposal made after a dispute). One per
 * rental and kind; a trigger keeps the kind and claimant fixed, the amount from rising and the status
 * moving forward, and a settled claim unchanged.
 */
export const rentalClaims = pgTable(
  'rental_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    byUserId: text('by_user_id')
      .notNull()
      .references(() => users.id),
    byRole: text('by_role').notNull(),
    kind: text('kind').notNull(),
    amountPence: integer('amount_pence').notNull(),
    note: text('note').notNull(),
    status: text('status').notNull().default('open'),
    reply: text('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    loweredAt: timestamp('lowered_at', { withTimezone: true }),
    /** After a dispute: the amount one side proposed, waiting for the other to agree. */
    proposedPence: integer('proposed_pence'),
    proposedByRole: text('proposed_by_role'),
    proposedAt: timestamp('proposed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rental_claims_rental_kind_idx').on(t.rentalId, t.kind),
    check('rental_claims_role_known', sql`${t.byRole} IN ('owner', 'renter')`),
    check('rental_claims_kind_known', sql`${t.kind} IN ('damaged', 'missing_parts', 'not_returned', 'returned_late', 'not_as_described')`),
    check('rental_claims_status_known', sql`${t.status} IN ('open', 'accepted', 'disputed', 'escalated', 'withdrawn')`),
    check('rental_claims_amount_positive', sql`${t.amountPence} > 0`),
    check('rental_claims_withdrawn_when', sql`(${t.status} = 'withdrawn') = (${t.withdrawnAt} IS NOT NULL)`),
    check(
      'rental_claims_proposal_whole',
      sql`(${t.proposedPence} IS NULL AND ${t.proposedByRole} IS NULL AND ${t.proposedAt} IS NULL)
		OR (${t.proposedPence} > 0 AND ${t.proposedByRole} IN ('owner', 'renter') AND ${t.proposedAt} IS NOT NULL)`,
    ),
  ],
);

/** A claim's photo (its id is the stored image's): the claimant's with the report, the other party's with a dispute. */
export const claimPhotos = pgTable(
  'claim_photos',
  {
    id: uuid('id').primaryKey(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => rentalClaims.id),
    addedBy: text('added_by')
      .notNull()
      .references(() => users.id),
    largeKey: text('large_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_photos_claim_idx').on(t.claimId, t.takenAt)],
);
