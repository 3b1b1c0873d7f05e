/** Postings of a rental ending: cancelled or declined (and a card refund refused), or completed. */
import { keptPence } from '../cancellation-policy.ts';
import type { LedgerPosting } from './posting.ts';

/**
 * A cancelled or declined rental gives the renter back `refundPercent` (the booking's cancellation
 * policy at that moment; 100 when the owner or Toolshed cancels) of the line total and of its fee
 * share: the owner's pending earnings are reversed, and what the policy keeps of them is the owner's
 * at once (`earnings_kept`, available: the rental is over); the platform keeps the same share of the
 * fee and refunds the rest (`keptPence` rounds each kept part down, so half a penny is the renter's).
 * What was paid by card goes back to the card (`toCardPence`, its own entry, the processor's refund
 * following), the rest to the renter's Toolshed balance. Null when nothing was paid for it through
 * checkout.
 */
export function cancellationPosting(facts: {
  rentalId: string;
  paymentId: string | null;
  ownerId: string;
  renterId: string;
  ownerPendingPence: number;
  feeSharePence: number;
  /** What of the refund goes back to the card (at most the refund). */
  toCardPence?: number;
  /** The share given back, 0 to 100 (default 100: everything). */
  refundPercent?: number;
}): LedgerPosting | null {
  if (!facts.paymentId || facts.ownerPendingPence <= 0) return null;
  const percent = facts.refundPercent ?? 100;
  const ownerKept = keptPence(facts.ownerPendingPence, percent);
  const feeKept = keptPence(Math.max(0, facts.feeSharePence), percent);
  const feeRefunded = facts.feeSharePence - feeKept;
  const refund = facts.ownerPendingPence - ownerKept + feeRefunded;
  const toCard = Math.min(Math.max(0, facts.toCardPence ?? 0), refund);
  const toBalance = refund - toCard;
  return {
    kind: 'rental_cancelled',
    rentalId: facts.rentalId,
    paymentId: facts.paymentId,
    entries: [
      { userId: facts.ownerId, account: 'pending', kind: 'earnings_reversed', amountPence: -facts.ownerPendingPence },
      ...(ownerKept > 0 ? [{ userId: facts.ownerId, account: 'available' as const, kind: 'earnings_kept', amountPence: ownerKept }] : []),
      ...(feeRefunded > 0 ? [{ userId: null, account: 'fees' as const, kind: 'service_fee_refunded', amountPence: -feeRefunded }] : []),
      ...(toCard > 0
        ? [{ userId: facts.renterId, account: 'card' as const, kind: 'card_refund', amountPence: toCard, rentalId: facts.rentalId }]
        : []),
      ...(toBalance > 0 ? [{ userId: facts.renterId, account: 'available' as const, kind: 'refund', amountPence: toBalance }] : []),
    ],
  };
}

/** What a cancellation posting gives back to the renter, to the card and to the balance together (0 for none). */
export function refundOf(posting: LedgerPosting | null): number {
  return (posting?.entries ?? []).filter((e) => e.kind === 'refund' || e.kind === 'card_refund').reduce((sum, e) => sum + e.amountPence, 0);
}

/**
 * A refund to the card that the processor refused for good: the amount the cancellation posted back
 * to the card is given to the renter's Toolshed balance instead (they can spend or withdraw it).
 */
export function cardRefundFailedPosting(facts: {
  refundId: string;
  rentalId: string;
  renterId: string;
  amountPence: number;
}): LedgerPosting {
  return {
    kind: 'card_refund_failed',
    rentalId: facts.rentalId,
    reference: facts.refundId,
    entries: [
      { userId: facts.renterId, account: 'card', kind: 'card_refund_failed', amountPence: -facts.amountPence, rentalId: facts.rentalId },
      { userId: facts.renterId, account: 'available', kind: 'refund', amountPence: facts.amountPence, rentalId: facts.rentalId },
    ],
  };
}

/** A returned rental releases the owner's pending earnings to their available balance. Null when none are pending. */
export function completionPosting(facts: {
  rentalId: string;
  paymentId: string | null;
  ownerId: string;
  ownerPendingPence: number;
}): LedgerPosting | null {
  if (facts.ownerPendingPence === 0) return null;
  return {
    kind: 'rental_completed',
    rentalId: facts.rentalId,
    paymentId: facts.paymentId,
    entries: [
      { userId: facts.ownerId, account: 'pending', kind: 'earnings_released', amountPence: -facts.ownerPendingPence },
      { userId: facts.ownerId, account: 'available', kind: 'earnings_released', amountPence: facts.ownerPendingPence },
    ],
  };
}
