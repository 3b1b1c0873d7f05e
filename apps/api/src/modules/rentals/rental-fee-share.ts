import { feeShares } from '@toolshed/core';
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
