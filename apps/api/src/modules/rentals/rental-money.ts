import { cancellationPosting, completionPosting, feeShares, refundOf } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { postTransaction, rentalAccountTotal } from '../ledger/ledger-repository.ts';
import type { Rental } from './rental-repository.ts';

/** This line's share of its checkout's service fee (0 for a rental booked without a checkout). */
export function feeShareOf(rental: Pick<Rental, 'id' | 'paymentFeePence' | 'paymentLines'>): number {
  if (rental.paymentFeePence == null || !rental.paymentLines) return 0;
  const shares = feeShares(
    rental.paymentFeePence,
    rental.paymentLines.map((l) => l.totalPence),
  );
  return shares[rental.paymentLines.findIndex((l) => l.id === rental.id)] ?? 0;
}

/** What the renter paid for this line: its total and its fee share (nothing for rentals booked outside checkout). */
export function paidFor(
  rental: Pick<Rental, 'id' | 'totalPence' | 'paymentId' | 'paymentFeePence' | 'paymentLines' | 'requestStatus' | 'extendedFeePence'>,
): number {
  // A request is charged only once accepted.
  if (rental.requestStatus && rental.requestStatus !== 'accepted') return 0;
  // totalPence includes what extensions added to the line; their fees are kept beside it.
  return rental.paymentId ? rental.totalPence + feeShareOf(rental) + rental.extendedFeePence : 0;
}

/**
 * Cancelling or declining: the renter gets back the line total and its fee share, to their Toolshed
 * balance (core `cancellationPosting`). Returns the refund (0 when the rental was never paid through
 * checkout).
 */
export async function refundToBalance(tx: Executor, rental: Rental): Promise<number> {
  const posting = cancellationPosting({
    rentalId: rental.id,
    paymentId: rental.paymentId,
    ownerId: rental.ownerId,
    renterId: rental.renterId,
    ownerPendingPence: await rentalAccountTotal(tx, rental.id, rental.ownerId, 'pending'),
    feeSharePence: feeShareOf(rental) + rental.extendedFeePence,
  });
  if (posting) await postTransaction(tx, posting);
  return refundOf(posting);
}

/** Completing a rental releases the owner's pending earnings for it to their available balance (core `completionPosting`). */
export async function releaseEarnings(tx: Executor, rental: Rental): Promise<void> {
  const posting = completionPosting({
    rentalId: rental.id,
    paymentId: rental.paymentId,
    ownerId: rental.ownerId,
    ownerPendingPence: await rentalAccountTotal(tx, rental.id, rental.ownerId, 'pending'),
  });
  if (posting) await postTransaction(tx, posting);
}
