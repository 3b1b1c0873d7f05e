import { availableTransitions, daysInclusive, rentalState, reviewsRevealAt, type RentalFacts, type RentalRole } from '@toolshed/core';
import type { RentalView, ReviewBrief } from '@toolshed/core/contract';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { paidFor } from './rental-money.ts';
import type { RentalRow, ReviewCell } from './rental-repository.ts';

/** `at`: the moment asked about, for whether a pending request's hold has run out. */
export function rentalFacts(row: RentalRow, at: Date = new Date()): RentalFacts {
  return {
    request: row.request_status,
    requestExpired: row.request_status === 'pending' && row.request_expires_at !== null && new Date(row.request_expires_at) <= at,
    startDate: row.start_date,
    endDate: row.end_date,
    returned: row.returned,
    cancelled: row.cancelled,
    reviewedByRenter: row.renter_review !== null,
    reviewedByOwner: row.owner_review !== null,
  };
}

export function roleOf(row: Pick<RentalRow, 'renter_id' | 'owner_id'>, userId: string): RentalRole {
  return row.owner_id === userId ? 'owner' : 'renter';
}

const brief = (cell: ReviewCell): ReviewBrief => ({
  rating: Number(cell.rating),
  comment: cell.comment,
  date: new Date(cell.created_at).toISOString(),
});

/** One rental as `viewerId` (its renter or its owner) may see it. */
export function toRentalView(row: RentalRow, today: string, storage: FileStorage, viewerId: string, at: Date = new Date()): RentalView {
  const facts = rentalFacts(row, at);
  const role = roleOf(row, viewerId);
  const days = daysInclusive(row.start_date, row.end_date);
  const state = rentalState(facts, today);
  const mine = role === 'renter' ? row.renter_review : row.owner_review;
  const theirs = role === 'renter' ? row.owner_review : row.renter_review;
  const other =
    role === 'renter'
      ? { name: row.owner_name, email: row.owner_email, phone: row.owner_phone }
      : { name: row.renter_name, email: row.renter_email, phone: row.renter_phone };
  // The renter learns the street address and the owner's contact by booking; a cancelled booking gives them back.
  const booked = !row.cancelled;
  return {
    id: row.id,
    item: { id: row.item_id, name: row.item_name, imageUrl: row.thumb_key ? storage.url(row.thumb_key) : null },
    owner: { id: row.owner_id, name: row.owner_name },
    renter: { id: row.renter_id, name: row.renter_name },
    startDate: row.start_date,
    endDate: row.end_date,
    days,
    // Older rentals (seeded) did not record the rate; it follows from their total.
    dailyRatePence: row.daily_rate_pence ?? Math.round(row.total_pence / days),
    totalPence: row.total_pence,
    status: state,
    overdue: state === 'overdue',
    orderId: role === 'renter' ? row.payment_id : null,
    createdAt: new Date(row.created_at).toISOString(),
    role,
    actions: availableTransitions(facts, role, today),
    paidPence: role === 'renter' ? paidFor(row) : 0,
    pendingExtension: row.pending_extension
      ? {
          endDate: row.pending_extension.end_date,
          totalPence: row.pending_extension.total_pence,
          expiresAt: new Date(row.pending_extension.expires_at).toISOString(),
        }
      : null,
    cancellation:
      row.cancelled && row.cancelled_at
        ? {
            by: row.cancelled_by ?? 'system',
            reason: row.cancel_reason,
            refundPence: row.refund_pence ?? 0,
            date: new Date(row.cancelled_at).toISOString(),
          }
        : null,
    pickup: booked || role === 'owner' ? { address: row.item_address, city: row.item_city, postcode: row.item_postcode } : null,
    contact: booked ? other : null,
    myReview: mine ? brief(mine) : null,
    theirReview: theirs?.published ? brief(theirs) : null,
    theirReviewHidden: theirs !== null && !theirs.published,
    reviewsVisibleFrom: row.returned_at ? reviewsRevealAt(new Date(row.returned_at)).toISOString() : null,
  };
}
