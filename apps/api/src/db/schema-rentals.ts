import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { items } from './schema-catalogue.ts';
import { createdAt, users } from './schema-users.ts';

/** A captured card payment for one checkout. Only the brand and last four digits are kept. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id),
    subtotalPence: integer('subtotal_pence').notNull(),
    serviceFeePence: integer('service_fee_pence').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** What of the charge the renter's Toolshed balance paid, before the card (the card was authorised for the rest). */
    balancePence: integer('balance_pence').notNull().default(0),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    /** The order's short reference people read and quote ('TS-7K3Q-92'), drawn by order_reference() (db/functions/). */
    reference: text('reference')
      .notNull()
      .default(sql`order_reference()`),
    /** authorised -> captured | capture_pending | voided; capture_pending -> captured | voided; captured -> refunded. Only forward (a trigger refuses the rest). */
    status: text('status').notNull().default('authorised'),
    /** Set when capture kept failing past its bound and the booking was cancelled. */
    captureFailedAt: timestamp('capture_failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_status_known', sql`${t.status} in ('authorised', 'capture_pending', 'captured', 'voided', 'refunded')`),
    check('payments_amount_is_sum', sql`${t.amountPence} = ${t.subtotalPence} + ${t.serviceFeePence}`),
    check('payments_balance_within_amount', sql`${t.balancePence} >= 0 and ${t.balancePence} <= ${t.amountPence}`),
    index('payments_renter_idx').on(t.renterId, t.createdAt.desc()),
    uniqueIndex('payments_reference_idx').on(t.reference),
  ],
);

/**
 * A booking of one item for an inclusive range of London calendar dates. The migration adds an
 * exclusion constraint: no two unreturned, uncancelled rentals of an item may overlap.
 */
export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    returned: boolean('returned').notNull().default(false),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who cancelled: renter, owner (declined, with a reason) or system. */
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** What went back to the renter's balance when it was cancelled (line total and fee share). */
    refundPence: integer('refund_pence'),
    /** The share of what was paid that the cancellation gave back, 0 to 100 (migration 0083; null before it). */
    refundPercent: integer('refund_percent'),
    totalPence: integer('total_pence').notNull(),
    /** The daily rate charged, frozen at booking time. */
    dailyRatePence: integer('daily_rate_pence'),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The item's buffer days when booked: the no-overlap constraint runs each rental on by them (0027). */
    bufferDays: integer('buffer_days').notNull().default(0),
    /** The item's cancellation policy when booked (migration 0083): what a renter's cancellation gets back. */
    cancellationPolicy: text('cancellation_policy').notNull().default('flexible'),
    /** The weekly price charged, frozen at booking time. */
    weeklyRatePence: integer('weekly_rate_pence'),
    /** Request-to-book only: pending -> accepted | declined | expired | withdrawn. */
    requestStatus: text('request_status'),
    /** When a pending request stops holding its dates: 24 hours after checkout or its start, the earlier. */
    requestExpiresAt: timestamp('request_expires_at', { withTimezone: true }),
    /** The card authorisation of this request alone, captured on accept, voided otherwise. */
    requestAuthorizationId: text('request_authorization_id'),
    /** What that authorisation holds: the line total and its share of the fee. */
    requestAmountPence: integer('request_amount_pence'),
    /** What extensions added to total_pence and to the fee (the checkout line is total_pence minus extended_line_pence). */
    extendedLinePence: integer('extended_line_pence').notNull().default(0),
    extendedFeePence: integer('extended_fee_pence').notNull().default(0),
    /** While a request item's extension waits for the owner: the end it asks for, held by the no-overlap constraint (0033). */
    heldEndDate: date('held_end_date', { mode: 'string' }),
    /** Handover times (0081): minutes after midnight, London time, on the start day and the end day; null when none was chosen. */
    pickupMinutes: integer('pickup_minutes'),
    returnMinutes: integer('return_minutes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rentals_payment_idx').on(t.paymentId),
    index('rentals_pending_requests_idx')
      .on(t.ownerId, t.requestExpiresAt)
      .where(sql`${t.requestStatus} = 'pending'`),
    check(
      'rentals_handover_minutes',
      sql`(${t.pickupMinutes} IS NULL OR (${t.pickupMinutes} >= 0 AND ${t.pickupMinutes} < 1440 AND ${t.pickupMinutes} % 30 = 0)) AND (${t.returnMinutes} IS NULL OR (${t.returnMinutes} >= 0 AND ${t.returnMinutes} < 1440 AND ${t.returnMinutes} % 30 = 0))`,
    ),
    check('rentals_refund_percent_in_range', sql`${t.refundPercent} is null or (${t.refundPercent} >= 0 and ${t.refundPercent} <= 100)`),
    check('rentals_cancellation_policy_known', sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`),
    check('rentals_buffer_days_in_range', sql`${t.bufferDays} >= 0 and ${t.bufferDays} <= 3`),
    check(
      'rentals_request_status_known',
      sql`${t.requestStatus} is null or ${t.requestStatus} in ('pending', 'accepted', 'declined', 'expired', 'withdrawn')`,
    ),
    check(
      'rentals_request_complete',
      sql`${t.requestStatus} is null or (${t.requestExpiresAt} is not null and ${t.requestAuthorizationId} is not null and ${t.requestAmountPence} >= 0)`,
    ),
    // Serves 'is this item free on these dates' for browsing (an index-only probe per item).
    index('rentals_active_item_idx')
      .on(t.itemId, t.endDate, t.startDate)
      .where(sql`not ${t.returned} and ${t.cancelledAt} is null`),
    check('rentals_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
    check('rentals_held_end_after_end', sql`${t.heldEndDate} is null or ${t.heldEndDate} > ${t.endDate}`),
    check('rentals_total_non_negative', sql`${t.totalPence} >= 0`),
    check('rentals_not_own_item', sql`${t.renterId} <> ${t.ownerId}`),
    index('rentals_renter_idx').on(t.renterId, t.startDate.desc()),
    index('rentals_owner_idx').on(t.ownerId, t.startDate.desc()),
  ],
);
