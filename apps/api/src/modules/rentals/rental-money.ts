import { cancellationPosting, completionPosting, feeShares, refundOf } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { postTransaction, rentalAccountTotal } from '../ledger/ledger-repository.ts';
import type { RentalRow } from './rental-repository.ts';

/** This line's share of its checkout's service fee (0 for a rental booked without a checkout). */
export function feeShareOf(row: Pick<RentalRow, 'id' | 'payment_fee_pence' | 'payment_lines'>): number {
  if (row.payment_fee_pence == null || !row.payment_lines) return 0;
  const shares = feeShares(
    row.payment_fee_pence,
    row.payment_lines.map((l) => Number(l.total)),
  );
  return shares[row.payment_lines.findIndex((l) => l.id === row.id)] ?? 0;
}

/** What the renter paid for this line: its total and its fee share (nothing for rentals booked outside checkout). */
export function paidFor(
  row: Pick<
    RentalRow,
    'id' | 'total_pence' | 'payment_id' | 'payment_fee_pence' | 'payment_lines' | 'request_status' | 'extended_fee_pence'
  >,
): number {
  // A request is charged only once accepted.
  if (row.request_status && row.request_status !== 'accepted') return 0;
  // total_pence includes what extensions added to the line; their fees are kept beside it.
  return row.payment_id ? row.total_pence + feeShareOf(row) + row.extended_fee_pence : 0;
}

/**
 * Cancelling or declining: the renter gets back the line total and its fee share, to their Toolshed
 * balance (core `cancellationPosting`). Returns the refund (0 when the rental was never paid through
 * checkout).
 */
export async function refundToBalance(tx: Executor, row: RentalRow): Promise<number> {
  const posting = cancellationPosting({
    rentalId: row.id,
    paymentId: row.payment_id,
    ownerId: row.owner_id,
    renterId: row.renter_id,
    ownerPendingPence: await rentalAccountTotal(tx, row.id, row.owner_id, 'pending'),
    feeSharePence: feeShareOf(row) + row.extended_fee_pence,
  });
  if (posting) await postTransaction(tx, posting);
  return refundOf(posting);
}

/** Completing a rental releases the owner's pending earnings for it to their available balance (core `completionPosting`). */
export async function releaseEarnings(tx: Executor, row: RentalRow): Promise<void> {
  const posting = completionPosting({
    rentalId: row.id,
    paymentId: row.payment_id,
    ownerId: row.owner_id,
    ownerPendingPence: await rentalAccountTotal(tx, row.id, row.owner_id, 'pending'),
  });
  if (posting) await postTransaction(tx, posting);
}
