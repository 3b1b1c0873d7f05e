import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rentals } from './schema-rentals.ts';
import { users } from './schema-users.ts';

/**
 * A rental's deposit on the renter's card: scheduled (no authorisation yet, the processor's saved
 * payment method kept; authorised off-session 24 hours before the start) -> held, or cancelled with
 * its rental; held at checkout when the start is that close; held -> released (captured 0) or
 * captured (part or all; the rest released), or lapsed (its authorisation could not be renewed).
 * Settled once: a trigger (db/functions) refuses any change after that, any change to the amount or
 * parties, and an authorisation replaced except by a renewal of a held one (migrations 0025, 0079).
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
    authorizationId: text('authorization_id'),
    /** The processor's reusable payment method the renter gave for this booking's deposit. */
    paymentMethodId: text('payment_method_id'),
    /** When the held authorisation lapses at the processor (renewed a day before while still needed). */
    authorisationExpiresAt: timestamp('authorisation_expires_at', { withTimezone: true }),
    /** The last off-session authorisation that was declined while the deposit was scheduled. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    status: text('status').notNull().default('held'),
    capturedPence: integer('captured_pence'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposit_holds_rental_idx').on(t.rentalId),
    index('deposit_holds_scheduled_idx')
      .on(t.rentalId)
      .where(sql`${t.status} = 'scheduled'`),
    index('deposit_holds_renter_idx')
      .on(t.renterId)
      .where(sql`${t.status} = 'held'`),
    check('deposit_holds_amount_in_range', sql`${t.amountPence} > 0 AND ${t.amountPence} <= 100000`),
    check('deposit_holds_status_known', sql`${t.status} IN ('scheduled', 'held', 'released', 'captured', 'lapsed', 'cancelled')`),
    check('deposit_holds_capture_within_hold', sql`${t.capturedPence} >= 0 AND ${t.capturedPence} <= ${t.amountPence}`),
    check(
      'deposit_holds_settled_once',
      sql`(${t.status} = 'scheduled' AND ${t.authorizationId} IS NULL AND ${t.paymentMethodId} IS NOT NULL AND ${t.capturedPence} IS NULL AND ${t.settledAt} IS NULL)
		OR (${t.status} = 'held' AND ${t.authorizationId} IS NOT NULL AND ${t.capturedPence} IS NULL AND ${t.settledAt} IS NULL)
		OR (${t.status} = 'released' AND ${t.authorizationId} IS NOT NULL AND ${t.capturedPence} IS NOT NULL AND ${t.capturedPence} = 0 AND ${t.settledAt} IS NOT NULL)
		OR (${t.status} = 'captured' AND ${t.authorizationId} IS NOT NULL AND ${t.capturedPence} IS NOT NULL AND ${t.capturedPence} > 0 AND ${t.settledAt} IS NOT NULL)
		OR (${t.status} = 'lapsed' AND ${t.authorizationId} IS NOT NULL AND ${t.capturedPence} IS NOT NULL AND ${t.capturedPence} = 0 AND ${t.settledAt} IS NOT NULL)
		OR (${t.status} = 'cancelled' AND ${t.authorizationId} IS NULL AND ${t.capturedPence} IS NULL AND ${t.settledAt} IS NOT NULL)`,
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

/**
 * A 3-D Secure challenge for another card the renter gave for a scheduled deposit (migration 0082):
 * awaiting the bank's page, then held (the deposit is held on that card) or failed (the reason is
 * kept on the hold, which still waits for a card).
 */
export const depositCardChallenges = pgTable(
  'deposit_card_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holdId: uuid('hold_id')
      .notNull()
      .references(() => depositHolds.id),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id),
    authenticationId: text('authentication_id').notNull(),
    amountPence: integer('amount_pence').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    status: text('status').notNull().default('awaiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('deposit_card_challenges_hold_idx').on(t.holdId),
    check('deposit_card_challenges_status_check', sql`${t.status} in ('awaiting', 'held', 'failed')`),
  ],
);
