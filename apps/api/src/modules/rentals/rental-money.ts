import { feeShares } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { postTransaction, rentalAccountTotal } from '../ledger/ledger.ts';
import type { RentalRow } from './rental-repository.ts';

/** This line's share of its checkout's service fee (0 for a rental booked without a checkout). */
export function feeShareOf(row: Pick<RentalRow, 'id' | 'payment_fee_pence' | 'payment_lines'>): number {
  if (row.payment_fee_pence == null || !row.payment_lines) return 0;
  const shares = feeShares(row.payment_fee_pence, row.payment_lines.map((l) => Number(l.total)));
  return shares[row.payment_lines.findIndex((l) => l.id === row.id)] ?? 0;
}

/** What the renter paid for this line: its total and its fee share (nothing for rentals booked outside checkout). */
export function paidFor(row: Pick<RentalRow, 'id' | 'total_pence' | 'payment_id' | 'payment_fee_pence' | 'payment_lines'>): number {
  return row.payment_id ? row.total_pence + feeShareOf(row) : 0;
}

/**
 * Gives the renter back the line total and its fee share, to their Toolshed balance: the owner's
 * pending earnings for the line and the fee share are reversed. Returns the refund (0 when the
 * rental was never paid through checkout).
 */
export async function refundToBalance(tx: Executor, row: RentalRow): Promise<number> {
  const pending = await rentalAccountTotal(tx, row.id, row.owner_id, 'pending');
  if (!row.payment_id || pending <= 0) return 0;
  const share = feeShareOf(row);
  await postTransaction(tx, {
    kind: 'rental_cancelled',
    rentalId: row.id,
    paymentId: row.payment_id,
    entries: [
      { userId: row.owner_id, account: 'pending', kind: 'earnings_reversed', amountPence: -pending },
      ...(share > 0 ? [{ userId: null, account: 'fees' as const, kind: 'service_fee_refunded', amountPence: -share }] : []),
      { userId: row.renter_id, account: 'available', kind: 'refund', amountPence: pending + share },
    ],
  });
  return pending + share;
}

/** Completing a rental releases the owner's pending earnings for it to their available balance. */
export async function releaseEarnings(tx: Executor, row: RentalRow): Promise<void> {
  const pending = await rentalAccountTotal(tx, row.id, row.owner_id, 'pending');
  if (pending === 0) return;
  await postTransaction(tx, {
    kind: 'rental_completed',
    rentalId: row.id,
    paymentId: row.payment_id,
    entries: [
      { userId: row.owner_id, account: 'pending', kind: 'earnings_released', amountPence: -pending },
      { userId: row.owner_id, account: 'available', kind: 'earnings_released', amountPence: pending },
    ],
  });
}
