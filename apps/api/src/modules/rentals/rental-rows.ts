import { toInt, toIntOrNull, toIsoDate, toIsoTimestamp, toIsoTimestampOrNull, toNumber } from '../../db/row-values.ts';
import type { CancellationPolicy } from '@toolshed/core';
import { contactPhone } from '../profile/phone-number.ts';
import type { CardRefundLine, RentalReview, RequestStatus, Rental } from './rental-repository.ts';

// A rental's row as rental-repository.ts selects it, and its parsing into a Rental.

export interface RentalRow {
  id: string;
  item_id: string;
  item_name: string;
  thumb_key: string | null;
  item_address: string | null;
  item_city: string | null;
  item_postcode: string | null;
  owner_id: string;
  owner_name: string;
  owner_email: string;
  owner_phone: string | null;
  renter_id: string;
  renter_name: string;
  renter_email: string;
  renter_phone: string | null;
  start_date: unknown;
  end_date: unknown;
  daily_rate_pence: unknown;
  total_pence: unknown;
  returned: boolean;
  returned_at: unknown;
  cancelled: boolean;
  cancelled_at: unknown;
  cancelled_by: 'renter' | 'owner' | 'system' | null;
  cancel_reason: string | null;
  refund_pence: unknown;
  card_refunds: Array<{ amount: unknown; brand: string | null; last4: string | null; status: CardRefundLine['status'] }> | null;
  payment_id: string | null;
  order_reference: string | null;
  payment_status: string | null;
  payment_fee_pence: unknown;
  payment_lines: Array<{ id: string; total: unknown }> | null;
  request_status: RequestStatus | null;
  request_expires_at: unknown;
  request_authorization_id: string | null;
  request_amount_pence: unknown;
  deposit_held_pence: unknown;
  extended_line_pence: unknown;
  extended_fee_pence: unknown;
  weekly_rate_pence: unknown;
  buffer_days: unknown;
  cancellation_policy: CancellationPolicy;
  pending_extension: { end_date: unknown; total_pence: unknown; expires_at: unknown } | null;
  renter_review: ReviewCell | null;
  owner_review: ReviewCell | null;
  created_at: unknown;
}

/** A review as json_build_object sends it. */
interface ReviewCell {
  rating: unknown;
  comment: string;
  created_at: unknown;
  published: boolean;
}

const toReview = (cell: ReviewCell | null): RentalReview | null =>
  cell && {
    rating: toNumber(cell.rating, 'review.rating'),
    comment: cell.comment,
    createdAt: toIsoTimestamp(cell.created_at, 'review.created_at'),
    published: cell.published,
  };

export function toRental(row: RentalRow): Rental {
  const extension = row.pending_extension;
  return {
    id: row.id,
    itemId: row.item_id,
    itemName: row.item_name,
    thumbKey: row.thumb_key,
    itemAddress: row.item_address,
    itemCity: row.item_city,
    itemPostcode: row.item_postcode,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    ownerEmail: row.owner_email,
    ownerPhone: contactPhone(row.owner_phone),
    renterId: row.renter_id,
    renterName: row.renter_name,
    renterEmail: row.renter_email,
    renterPhone: contactPhone(row.renter_phone),
    startDate: toIsoDate(row.start_date, 'start_date'),
    endDate: toIsoDate(row.end_date, 'end_date'),
    dailyRatePence: toIntOrNull(row.daily_rate_pence, 'daily_rate_pence'),
    totalPence: toInt(row.total_pence, 'total_pence'),
    returned: row.returned,
    returnedAt: toIsoTimestampOrNull(row.returned_at, 'returned_at'),
    cancelled: row.cancelled,
    cancelledAt: toIsoTimestampOrNull(row.cancelled_at, 'cancelled_at'),
    cancelledBy: row.cancelled_by,
    cancelReason: row.cancel_reason,
    refundPence: toIntOrNull(row.refund_pence, 'refund_pence'),
    cardRefunds: (row.card_refunds ?? []).map((c) => ({
      amountPence: toInt(c.amount, 'card_refunds.amount'),
      brand: c.brand,
      last4: c.last4,
      status: c.status,
    })),
    paymentId: row.payment_id,
    orderReference: row.order_reference,
    paymentStatus: row.payment_status,
    paymentFeePence: toIntOrNull(row.payment_fee_pence, 'payment_fee_pence'),
    paymentLines: row.payment_lines && row.payment_lines.map((l) => ({ id: l.id, totalPence: toInt(l.total, 'payment_lines.total') })),
    requestStatus: row.request_status,
    requestExpiresAt: toIsoTimestampOrNull(row.request_expires_at, 'request_expires_at'),
    requestAuthorizationId: row.request_authorization_id,
    requestAmountPence: toIntOrNull(row.request_amount_pence, 'request_amount_pence'),
    depositHeldPence: toIntOrNull(row.deposit_held_pence, 'deposit_held_pence') ?? 0,
    extendedLinePence: toInt(row.extended_line_pence, 'extended_line_pence'),
    extendedFeePence: toInt(row.extended_fee_pence, 'extended_fee_pence'),
    weeklyRatePence: toIntOrNull(row.weekly_rate_pence, 'weekly_rate_pence'),
    bufferDays: toInt(row.buffer_days, 'buffer_days'),
    cancellationPolicy: row.cancellation_policy,
    pendingExtension: extension && {
      endDate: toIsoDate(extension.end_date, 'pending_extension.end_date'),
      totalPence: toInt(extension.total_pence, 'pending_extension.total_pence'),
      expiresAt: toIsoTimestamp(extension.expires_at, 'pending_extension.expires_at'),
    },
    renterReview: toReview(row.renter_review),
    ownerReview: toReview(row.owner_review),
    createdAt: toIsoTimestamp(row.created_at, 'created_at'),
  };
}
