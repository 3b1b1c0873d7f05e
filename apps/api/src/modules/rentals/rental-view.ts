import { availableTransitions, daysInclusive, rentalState, reviewsRevealAt, type RentalFacts, type RentalRole } from '@toolshed/core';
import type { RentalView, ReviewBrief } from '@toolshed/core/contract';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { paidFor } from './rental-money.ts';
import type { Rental, RentalReview } from './rental-repository.ts';

/** `at`: the moment asked about, for whether a pending request's hold has run out. */
export function rentalFacts(rental: Rental, at: Date = new Date()): RentalFacts {
  return {
    request: rental.requestStatus,
    requestExpired: rental.requestStatus === 'pending' && rental.requestExpiresAt !== null && new Date(rental.requestExpiresAt) <= at,
    startDate: rental.startDate,
    endDate: rental.endDate,
    returned: rental.returned,
    cancelled: rental.cancelled,
    reviewedByRenter: rental.renterReview !== null,
    reviewedByOwner: rental.ownerReview !== null,
  };
}

export function roleOf(rental: Pick<Rental, 'renterId' | 'ownerId'>, userId: string): RentalRole {
  return rental.ownerId === userId ? 'owner' : 'renter';
}

const brief = (review: RentalReview): ReviewBrief => ({
  rating: review.rating,
  comment: review.comment,
  date: review.createdAt,
});

/** One rental as `viewerId` (its renter or its owner) may see it. */
export function toRentalView(rental: Rental, today: string, storage: FileStorage, viewerId: string, at: Date = new Date()): RentalView {
  const facts = rentalFacts(rental, at);
  const role = roleOf(rental, viewerId);
  const days = daysInclusive(rental.startDate, rental.endDate);
  const state = rentalState(facts, today);
  const mine = role === 'renter' ? rental.renterReview : rental.ownerReview;
  const theirs = role === 'renter' ? rental.ownerReview : rental.renterReview;
  const other =
    role === 'renter'
      ? { name: rental.ownerName, email: rental.ownerEmail, phone: rental.ownerPhone }
      : { name: rental.renterName, email: rental.renterEmail, phone: rental.renterPhone };
  // The renter learns the street address and the owner's contact by booking; a cancelled booking gives them back.
  const booked = !rental.cancelled;
  return {
    id: rental.id,
    item: { id: rental.itemId, name: rental.itemName, imageUrl: rental.thumbKey ? storage.url(rental.thumbKey) : null },
    owner: { id: rental.ownerId, name: rental.ownerName },
    renter: { id: rental.renterId, name: rental.renterName },
    startDate: rental.startDate,
    endDate: rental.endDate,
    days,
    // Older rentals (seeded) did not record the rate; it follows from their total.
    dailyRatePence: rental.dailyRatePence ?? Math.round(rental.totalPence / days),
    weeklyRatePence: rental.dailyRatePence === null ? null : rental.weeklyRatePence,
    totalPence: rental.totalPence,
    status: state,
    overdue: state === 'overdue',
    orderId: role === 'renter' ? rental.paymentId : null,
    orderReference: role === 'renter' ? rental.orderReference : null,
    createdAt: rental.createdAt,
    role,
    actions: availableTransitions(facts, role, today),
    paidPence: role === 'renter' ? paidFor(rental) : 0,
    cancellationPolicy: rental.cancellationPolicy,
    requestAccepted: rental.requestStatus === 'accepted',
    pendingExtension: rental.pendingExtension
      ? {
          endDate: rental.pendingExtension.endDate,
          totalPence: rental.pendingExtension.totalPence,
          expiresAt: rental.pendingExtension.expiresAt,
        }
      : null,
    depositHeldPence: role === 'renter' ? rental.depositHeldPence : 0,
    request:
      role === 'renter' && rental.requestStatus === 'pending' && rental.requestExpiresAt
        ? { expiresAt: rental.requestExpiresAt, heldPence: rental.requestAmountPence ?? rental.totalPence }
        : null,
    cancellation:
      rental.cancelled && rental.cancelledAt
        ? {
            by: rental.cancelledBy ?? 'system',
            reason: rental.cancelReason,
            refundPence: rental.refundPence ?? 0,
            ...refundParts(rental, role),
            date: rental.cancelledAt,
          }
        : null,
    pickup: booked || role === 'owner' ? { address: rental.itemAddress, city: rental.itemCity, postcode: rental.itemPostcode } : null,
    contact: booked ? other : null,
    myReview: mine ? brief(mine) : null,
    theirReview: theirs?.published ? brief(theirs) : null,
    theirReviewHidden: theirs !== null && !theirs.published,
    reviewsVisibleFrom: rental.returnedAt ? reviewsRevealAt(new Date(rental.returnedAt)).toISOString() : null,
  };
}

/**
 * Where the renter's refund went: to each card (a failed one was given to the balance instead), the
 * rest to the Toolshed balance. The renter's card is theirs alone: the owner sees only the total.
 */
function refundParts(rental: Rental, role: 'renter' | 'owner') {
  if (role !== 'renter') return { toCards: [], toBalancePence: 0 };
  const toCards = rental.cardRefunds.flatMap((c) =>
    c.status === 'failed'
      ? []
      : [{ amountPence: c.amountPence, card: c.brand && c.last4 ? { brand: c.brand, last4: c.last4 } : null, status: c.status }],
  );
  const carded = toCards.reduce((sum, c) => sum + c.amountPence, 0);
  return { toCards, toBalancePence: Math.max(0, (rental.refundPence ?? 0) - carded) };
}
