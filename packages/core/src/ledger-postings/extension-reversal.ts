/** The posting of a paid extension whose card could not be charged: everything it posted, taken back. */
import type { LedgerPosting, PostingEntry } from './posting.ts';

/**
 * A card-paid extension whose capture failed for good: the renter's card gets back what the
 * extension posted against it (the money was never taken), the fee share leaves the platform, and
 * the owner's earnings of it are taken back: from their pending earnings of the rental first, then,
 * when the rental was already returned and released, from their available balance. A balance never
 * goes below zero: what the owner has already withdrawn of it is borne by the platform
 * (`capture_loss` on the fees account), as `ownerAvailablePence` (their available balance before
 * this posting) says. Null when the extension posted nothing.
 */
export function extensionReversedPosting(facts: {
  rentalId: string;
  extensionId: string;
  paymentId: string | null;
  renterId: string;
  ownerId: string;
  linePence: number;
  feePence: number;
  /** The owner's pending earnings of this rental now. */
  ownerPendingPence: number;
  /** The owner's available balance now. */
  ownerAvailablePence: number;
}): LedgerPosting | null {
  const total = facts.linePence + facts.feePence;
  if (total <= 0) return null;
  const fromPending = Math.max(0, Math.min(facts.linePence, facts.ownerPendingPence));
  const fromAvailable = Math.max(0, Math.min(facts.linePence - fromPending, facts.ownerAvailablePence));
  const loss = facts.linePence - fromPending - fromAvailable;
  const entries: PostingEntry[] = [
    { userId: facts.renterId, account: 'card', kind: 'extension_reversed', amountPence: total, rentalId: facts.rentalId },
    { userId: facts.ownerId, account: 'pending', kind: 'extension_reversed', amountPence: -fromPending, rentalId: facts.rentalId },
    { userId: facts.ownerId, account: 'available', kind: 'extension_reversed', amountPence: -fromAvailable, rentalId: facts.rentalId },
    { userId: null, account: 'fees', kind: 'extension_fee_reversed', amountPence: -facts.feePence, rentalId: facts.rentalId },
    { userId: null, account: 'fees', kind: 'capture_loss', amountPence: -loss, rentalId: facts.rentalId },
  ];
  return {
    kind: 'extension_reversed',
    rentalId: facts.rentalId,
    paymentId: facts.paymentId,
    reference: facts.extensionId,
    entries: entries.filter((e) => e.amountPence !== 0),
  };
}
