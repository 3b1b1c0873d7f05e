import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerProblem } from './ledger.ts';
import {
  cancellationPosting,
  captureFailedPosting,
  checkoutPosting,
  completionPosting,
  refundOf,
  withdrawalRequestedPosting,
  withdrawalSettledPosting,
  type LedgerPosting,
} from './ledger-postings.ts';

const pence = fc.integer({ min: 0, max: 10_000_000 });
const balanced = (posting: LedgerPosting | null) => {
  expect(posting).not.toBeNull();
  expect(ledgerProblem(posting!.entries)).toBeNull();
};

describe('every posting the product makes sums to zero', () => {
  it('checkout: the card pays subtotal and fee; owners get their line totals pending; the fee is the platform\'s', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ ownerId: fc.constantFrom('o1', 'o2', 'o3'), totalPence: pence }), { minLength: 1, maxLength: 6 }), pence, (lines, fee) => {
        const withIds = lines.map((l, i) => ({ ...l, rentalId: `r${i}` }));
        const subtotal = lines.reduce((s, l) => s + l.totalPence, 0);
        const posting = checkoutPosting({ paymentId: 'p', renterId: 'renter', subtotalPence: subtotal, serviceFeePence: fee, lines: withIds });
        balanced(posting);
        expect(posting.entries[0]).toMatchObject({ userId: 'renter', account: 'card', amountPence: -(subtotal + fee) });
      }),
    );
  });

  it('checkout with a subtotal that is not the sum of its lines is refused', () => {
    const posting = checkoutPosting({ paymentId: 'p', renterId: 'r', subtotalPence: 1000, serviceFeePence: 100, lines: [{ rentalId: 'x', ownerId: 'o', totalPence: 999 }] });
    expect(ledgerProblem(posting.entries)).toMatch(/sum to zero/);
  });

  it('capture failed: what is left of each rental and of the fee goes back to the card; nothing left, nothing posted', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ ownerPendingPence: pence, ownerAvailablePence: pence, renterRefundedPence: pence }), { maxLength: 4 }), pence, (rentals, fees) => {
        const posting = captureFailedPosting({ paymentId: 'p', renterId: 'renter', rentals: rentals.map((r, i) => ({ ...r, rentalId: `r${i}`, ownerId: `o${i}` })), feesLeftPence: fees });
        const total = rentals.reduce((s, r) => s + r.ownerPendingPence + r.ownerAvailablePence + r.renterRefundedPence, 0) + fees;
        if (total === 0) return expect(posting).toBeNull();
        balanced(posting);
        expect(posting!.entries.at(-1)).toEqual({ userId: 'renter', account: 'card', kind: 'capture_failed', amountPence: total });
      }),
    );
  });

  it('cancellation: the line total and its fee share go to the renter\'s balance; unpaid rentals post nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), pence, (pending, share) => {
        const posting = cancellationPosting({ rentalId: 'r', paymentId: 'p', ownerId: 'o', renterId: 'renter', ownerPendingPence: pending, feeSharePence: share });
        balanced(posting);
        expect(refundOf(posting)).toBe(pending + share);
      }),
    );
    expect(cancellationPosting({ rentalId: 'r', paymentId: null, ownerId: 'o', renterId: 'x', ownerPendingPence: 500, feeSharePence: 50 })).toBeNull();
    expect(cancellationPosting({ rentalId: 'r', paymentId: 'p', ownerId: 'o', renterId: 'x', ownerPendingPence: 0, feeSharePence: 50 })).toBeNull();
    expect(refundOf(null)).toBe(0);
  });

  it('completion releases pending earnings; withdrawals move between available, payout_pending and paid_out', () => {
    balanced(completionPosting({ rentalId: 'r', paymentId: 'p', ownerId: 'o', ownerPendingPence: 1234 }));
    expect(completionPosting({ rentalId: 'r', paymentId: 'p', ownerId: 'o', ownerPendingPence: 0 })).toBeNull();
    balanced(withdrawalRequestedPosting({ withdrawalId: 'w', userId: 'u', amountPence: 500 }));
    for (const outcome of ['paid', 'failed'] as const) {
      const posting = withdrawalSettledPosting({ withdrawalId: 'w', userId: 'u', amountPence: 500, outcome });
      balanced(posting);
      expect(posting.entries[1]!.account).toBe(outcome === 'paid' ? 'paid_out' : 'available');
    }
  });
});
