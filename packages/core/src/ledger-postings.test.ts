import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeShares } from './fee-shares.ts';
import { ledgerProblem } from './ledger.ts';
import {
  balanceParts,
  cancellationPosting,
  captureFailedPosting,
  checkoutPosting,
  completionPosting,
  refundOf,
  withdrawalRequestedPosting,
  withdrawalSettledPosting,
  withdrawalReturnedPosting,
  extensionReversedPosting,
  type LedgerPosting,
} from './ledger-postings.ts';

const pence = fc.integer({ min: 0, max: 10_000_000 });
const balanced = (posting: LedgerPosting | null) => {
  expect(posting).not.toBeNull();
  expect(ledgerProblem(posting!.entries)).toBeNull();
};

describe('every posting the product makes sums to zero', () => {
  it("checkout: the card pays subtotal and fee; owners get their line totals pending; the fee is the platform's", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ ownerId: fc.constantFrom('o1', 'o2', 'o3'), totalPence: pence }), { minLength: 1, maxLength: 6 }),
        pence,
        (lines, fee) => {
          const withIds = lines.map((l, i) => ({ ...l, rentalId: `r${i}` }));
          const subtotal = lines.reduce((s, l) => s + l.totalPence, 0);
          const posting = checkoutPosting({
            paymentId: 'p',
            renterId: 'renter',
            subtotalPence: subtotal,
            serviceFeePence: fee,
            lines: withIds,
          });
          balanced(posting);
          const card = posting.entries.filter((e) => e.userId === 'renter' && e.account === 'card');
          expect(card.reduce((s, e) => s - e.amountPence, 0)).toBe(subtotal + fee);
          // One card entry per line, with its rental: the line's total and its share of the fee.
          const shares = feeShares(
            fee,
            lines.map((l) => l.totalPence),
          );
          expect(card.map((e) => [e.rentalId, -e.amountPence])).toEqual(withIds.map((l, i) => [l.rentalId, l.totalPence + shares[i]!]));
        },
      ),
    );
  });

  it('checkout paid partly from the balance: it pays the lines in order, the card the rest; never more than the lines cost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ ownerId: fc.constantFrom('o1', 'o2'), totalPence: fc.integer({ min: 1, max: 100_000 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, fee, share) => {
          const withIds = lines.map((l, i) => ({ ...l, rentalId: `r${i}` }));
          const charged = lines.reduce((s, l) => s + l.totalPence, 0) + fee;
          const fromBalance = Math.floor(charged * share);
          const posting = checkoutPosting({
            paymentId: 'p',
            renterId: 'renter',
            subtotalPence: charged - fee,
            serviceFeePence: fee,
            lines: withIds,
            balancePence: fromBalance,
          });
          balanced(posting);
          const paid = (account: string) =>
            posting.entries.filter((e) => e.userId === 'renter' && e.account === account).reduce((s, e) => s - e.amountPence, 0);
          expect(paid('available')).toBe(fromBalance);
          expect(paid('card')).toBe(charged - fromBalance);
          // Each line's card and balance parts together are what it costs.
          const shares = feeShares(
            fee,
            lines.map((l) => l.totalPence),
          );
          for (const [i, line] of withIds.entries()) {
            const ofLine = posting.entries.filter((e) => e.userId === 'renter' && e.rentalId === line.rentalId);
            expect(ofLine.reduce((s, e) => s - e.amountPence, 0)).toBe(line.totalPence + shares[i]!);
          }
        },
      ),
    );
    expect(balanceParts(1500, [1000, 1000, 1000])).toEqual([1000, 500, 0]);
    expect(() => balanceParts(3001, [1000, 1000, 1000])).toThrow(RangeError);
    expect(() => balanceParts(-1, [1000])).toThrow(RangeError);
  });

  it('capture failed for a line the balance paid: the balance gets its part back, the card the rest', () => {
    const posting = captureFailedPosting({
      paymentId: 'p',
      renterId: 'renter',
      rentals: [{ rentalId: 'r', ownerId: 'o', ownerPendingPence: 4000, ownerAvailablePence: 0, renterAvailablePence: -1500 }],
      feesLeftPence: 400,
      availableNowPence: { o: 0, renter: 0 },
    });
    balanced(posting);
    expect(posting!.entries).toEqual([
      { userId: 'o', account: 'pending', kind: 'capture_failed', amountPence: -4000, rentalId: 'r' },
      { userId: 'renter', account: 'available', kind: 'capture_failed', amountPence: 1500, rentalId: 'r' },
      { userId: null, account: 'fees', kind: 'capture_failed', amountPence: -400 },
      { userId: 'renter', account: 'card', kind: 'capture_failed', amountPence: 2900 },
    ]);
  });

  it('checkout with a subtotal that is not the sum of its lines is refused', () => {
    const posting = checkoutPosting({
      paymentId: 'p',
      renterId: 'r',
      subtotalPence: 1000,
      serviceFeePence: 100,
      lines: [{ rentalId: 'x', ownerId: 'o', totalPence: 999 }],
    });
    expect(ledgerProblem(posting.entries)).toMatch(/sum to zero/);
  });

  it('capture failed: what is left of each rental and of the fee goes back to the card; nothing left, nothing posted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ ownerPendingPence: pence, ownerAvailablePence: pence, renterAvailablePence: pence }), { maxLength: 4 }),
        pence,
        fc.array(pence, { minLength: 5, maxLength: 5 }),
        (rentals, fees, have) => {
          const availableNowPence = { o0: have[0]!, o1: have[1]!, o2: have[2]!, o3: have[3]!, renter: have[4]! };
          const posting = captureFailedPosting({
            paymentId: 'p',
            renterId: 'renter',
            rentals: rentals.map((r, i) => ({ ...r, rentalId: `r${i}`, ownerId: `o${i}` })),
            feesLeftPence: fees,
            availableNowPence,
          });
          const total = rentals.reduce((s, r) => s + r.ownerPendingPence + r.ownerAvailablePence + r.renterAvailablePence, 0) + fees;
          if (total === 0) {
            expect(posting).toBeNull();
            return;
          }
          balanced(posting);
          // The card gets back all the checkout charged, whatever was spent meanwhile.
          expect(posting!.entries.at(-1)).toEqual({ userId: 'renter', account: 'card', kind: 'capture_failed', amountPence: total });
          // Nobody's available balance is taken below zero.
          for (const [user, before] of Object.entries(availableNowPence)) {
            const taken = posting!.entries
              .filter((e) => e.userId === user && e.account === 'available')
              .reduce((s, e) => s - e.amountPence, 0);
            expect(taken).toBeLessThanOrEqual(before);
          }
        },
      ),
    );
  });

  it('capture failed after the owner withdrew the released earnings: the platform bears what is gone', () => {
    const posting = captureFailedPosting({
      paymentId: 'p',
      renterId: 'renter',
      rentals: [{ rentalId: 'r', ownerId: 'o', ownerPendingPence: 0, ownerAvailablePence: 2000, renterAvailablePence: 0 }],
      feesLeftPence: 200,
      availableNowPence: { o: 500, renter: 0 },
    });
    balanced(posting);
    expect(posting!.entries).toEqual([
      { userId: 'o', account: 'available', kind: 'capture_failed', amountPence: -500, rentalId: 'r' },
      { userId: null, account: 'fees', kind: 'capture_failed', amountPence: -200 },
      { userId: null, account: 'fees', kind: 'capture_loss', amountPence: -1500 },
      { userId: 'renter', account: 'card', kind: 'capture_failed', amountPence: 2200 },
    ]);
  });

  it("cancellation: the line total and its fee share go to the renter's balance; unpaid rentals post nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), pence, (pending, share) => {
        const posting = cancellationPosting({
          rentalId: 'r',
          paymentId: 'p',
          ownerId: 'o',
          renterId: 'renter',
          ownerPendingPence: pending,
          feeSharePence: share,
        });
        balanced(posting);
        expect(refundOf(posting)).toBe(pending + share);
      }),
    );
    expect(
      cancellationPosting({ rentalId: 'r', paymentId: null, ownerId: 'o', renterId: 'x', ownerPendingPence: 500, feeSharePence: 50 }),
    ).toBeNull();
    expect(
      cancellationPosting({ rentalId: 'r', paymentId: 'p', ownerId: 'o', renterId: 'x', ownerPendingPence: 0, feeSharePence: 50 }),
    ).toBeNull();
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
    const returned = withdrawalReturnedPosting({ withdrawalId: 'w', userId: 'u', amountPence: 500 });
    balanced(returned);
    expect(returned.entries).toEqual([
      { userId: 'u', account: 'paid_out', amountPence: -500 },
      { userId: 'u', account: 'available', amountPence: 500 },
    ]);
  });
});

describe('a paid extension reversed', () => {
  const facts = { rentalId: 'r', extensionId: 'x', paymentId: 'p', renterId: 'u', ownerId: 'o', linePence: 2000, feePence: 200 };
  const sum = (posting: ReturnType<typeof extensionReversedPosting>) => posting!.entries.reduce((a, e) => a + e.amountPence, 0);

  it('gives the card back what it posted and takes the earnings from pending while the rental is open', () => {
    const posting = extensionReversedPosting({ ...facts, ownerPendingPence: 5000, ownerAvailablePence: 0 });
    expect(sum(posting)).toBe(0);
    expect(posting!.entries.map((e) => [e.userId, e.account, e.amountPence])).toEqual([
      ['u', 'card', 2200],
      ['o', 'pending', -2000],
      [null, 'fees', -200],
    ]);
  });

  it('takes them from the available balance once released, and the platform bears what was already withdrawn', () => {
    const posting = extensionReversedPosting({ ...facts, ownerPendingPence: 0, ownerAvailablePence: 1500 });
    expect(sum(posting)).toBe(0);
    expect(posting!.entries.map((e) => [e.account, e.kind ?? posting!.kind, e.amountPence])).toEqual([
      ['card', 'extension_reversed', 2200],
      ['available', 'extension_reversed', -1500],
      ['fees', 'extension_fee_reversed', -200],
      ['fees', 'capture_loss', -500],
    ]);
    expect(extensionReversedPosting({ ...facts, linePence: 0, feePence: 0, ownerPendingPence: 0, ownerAvailablePence: 0 })).toBeNull();
  });
});
