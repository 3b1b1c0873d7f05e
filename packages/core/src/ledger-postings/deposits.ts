/** Postings of deposits and claims: a hold, its settlement, a renter's claim refunded. */
import type { LedgerPosting } from './posting.ts';

/** A deposit authorised on the renter's card at checkout: held, not charged (the hold's id is the reference). */
export function depositHeldPosting(facts: { holdId: string; rentalId: string; renterId: string; amountPence: number }): LedgerPosting {
  return {
    kind: 'deposit_held',
    rentalId: facts.rentalId,
    reference: facts.holdId,
    entries: [
      { userId: facts.renterId, account: 'card', kind: 'deposit_hold', amountPence: -facts.amountPence, rentalId: facts.rentalId },
      { userId: facts.renterId, account: 'deposit_held', kind: 'deposit_hold', amountPence: facts.amountPence, rentalId: facts.rentalId },
    ],
  };
}

/**
 * A hold ends once: what claims took (`capturedPence`, 0 to the hold) goes to the owner's available
 * balance, the rest is released back to the renter's card. A capture above the hold is refused here
 * (and by the database).
 */
export function depositSettledPosting(facts: {
  holdId: string;
  rentalId: string;
  renterId: string;
  ownerId: string;
  heldPence: number;
  capturedPence: number;
}): LedgerPosting {
  if (!Number.isSafeInteger(facts.capturedPence) || facts.capturedPence < 0 || facts.capturedPence > facts.heldPence) {
    throw new RangeError(`A hold of ${facts.heldPence} cannot be captured for ${facts.capturedPence}.`);
  }
  const released = facts.heldPence - facts.capturedPence;
  return {
    kind: 'deposit_settled',
    rentalId: facts.rentalId,
    reference: facts.holdId,
    entries: [
      { userId: facts.renterId, account: 'deposit_held', kind: 'deposit_settled', amountPence: -facts.heldPence, rentalId: facts.rentalId },
      ...(facts.capturedPence > 0
        ? [
            {
              userId: facts.ownerId,
              account: 'available' as const,
              kind: 'claim_paid',
              amountPence: facts.capturedPence,
              rentalId: facts.rentalId,
            },
          ]
        : []),
      ...(released > 0
        ? [{ userId: facts.renterId, account: 'card' as const, kind: 'deposit_released', amountPence: released, rentalId: facts.rentalId }]
        : []),
    ],
  };
}

/**
 * A renter's claim ('not as described') accepted by the owner: the amount goes to the renter's
 * balance, taken from the owner's earnings for the rental still pending, then from their available
 * balance; what the owner no longer has (already withdrawn) is borne by the platform, since a balance
 * never goes below zero.
 */
export function claimRefundPosting(facts: {
  claimId: string;
  rentalId: string;
  renterId: string;
  ownerId: string;
  amountPence: number;
  ownerPendingPence: number;
  ownerAvailablePence: number;
}): LedgerPosting {
  const fromPending = Math.min(Math.max(0, facts.ownerPendingPence), facts.amountPence);
  const fromAvailable = Math.min(Math.max(0, facts.ownerAvailablePence), facts.amountPence - fromPending);
  const shortfall = facts.amountPence - fromPending - fromAvailable;
  return {
    kind: 'claim_refunded',
    rentalId: facts.rentalId,
    reference: facts.claimId,
    entries: [
      ...(fromPending > 0
        ? [
            {
              userId: facts.ownerId,
              account: 'pending' as const,
              kind: 'claim_refunded',
              amountPence: -fromPending,
              rentalId: facts.rentalId,
            },
          ]
        : []),
      ...(fromAvailable > 0
        ? [
            {
              userId: facts.ownerId,
              account: 'available' as const,
              kind: 'claim_refunded',
              amountPence: -fromAvailable,
              rentalId: facts.rentalId,
            },
          ]
        : []),
      ...(shortfall > 0
        ? [{ userId: null, account: 'fees' as const, kind: 'claim_shortfall', amountPence: -shortfall, rentalId: facts.rentalId }]
        : []),
      { userId: facts.renterId, account: 'available', kind: 'claim_refund', amountPence: facts.amountPence, rentalId: facts.rentalId },
    ],
  };
}
