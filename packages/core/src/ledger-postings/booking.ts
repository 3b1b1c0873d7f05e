/** Postings of booking and paying: a checkout, a request accepted, an extension, a capture that failed. */
import { feeShares } from '../fee-shares.ts';
import type { LedgerPosting, PostingEntry } from './posting.ts';

/**
 * A paid checkout: the card pays the charged total; each owner's line total is pending earnings; the
 * fee is the platform's. A subtotal that is not the sum of the lines leaves it unbalanced: refused.
 * The card's payment and the fee are written per line (its total and its `feeShares` share, with its
 * rental), so each rental's statement line says what it cost; together they are the one charge.
 * `balancePence` of the charge comes from the renter's Toolshed balance before the card: it pays the
 * lines in order (`balanceParts`), each line's rest is the card's.
 */
export function checkoutPosting(facts: {
  paymentId: string;
  renterId: string;
  subtotalPence: number;
  serviceFeePence: number;
  lines: ReadonlyArray<{ rentalId: string; ownerId: string; totalPence: number }>;
  /** What of the charge the renter's available balance pays (0: all by card). */
  balancePence?: number;
}): LedgerPosting {
  if (facts.lines.length === 0)
    // Only requests: nothing is charged now (the two zero entries keep the checkout's posting).
    return {
      kind: 'checkout',
      paymentId: facts.paymentId,
      entries: [
        { userId: facts.renterId, account: 'card', kind: 'rental_payment', amountPence: -(facts.subtotalPence + facts.serviceFeePence) },
        { userId: null, account: 'fees', kind: 'service_fee', amountPence: facts.serviceFeePence },
      ],
    };
  const shares = feeShares(
    facts.serviceFeePence,
    facts.lines.map((l) => l.totalPence),
  );
  const fromBalance = balanceParts(
    facts.balancePence ?? 0,
    facts.lines.map((l, i) => l.totalPence + shares[i]!),
  );
  const entries: PostingEntry[] = facts.lines.flatMap((line, i) => [
    // A line the balance pays in full has no card entry.
    ...(fromBalance[i]! > 0 && fromBalance[i] === line.totalPence + shares[i]!
      ? []
      : [
          {
            userId: facts.renterId,
            account: 'card' as const,
            kind: 'rental_payment',
            amountPence: -(line.totalPence + shares[i]! - fromBalance[i]!),
            rentalId: line.rentalId,
          },
        ]),
    ...(fromBalance[i]! > 0
      ? [
          {
            userId: facts.renterId,
            account: 'available' as const,
            kind: 'balance_payment',
            amountPence: -fromBalance[i]!,
            rentalId: line.rentalId,
          },
        ]
      : []),
    { userId: line.ownerId, account: 'pending' as const, kind: 'owner_earnings', amountPence: line.totalPence, rentalId: line.rentalId },
    { userId: null, account: 'fees' as const, kind: 'service_fee', amountPence: shares[i]!, rentalId: line.rentalId },
  ]);
  // What the lines do not account for (a subtotal that is not their sum) is charged on its own: the
  // posting then does not balance and is refused.
  const unexplained = facts.subtotalPence - facts.lines.reduce((sum, l) => sum + l.totalPence, 0);
  if (unexplained !== 0) entries.push({ userId: facts.renterId, account: 'card', kind: 'rental_payment', amountPence: -unexplained });
  return {
    kind: 'checkout',
    paymentId: facts.paymentId,
    entries: entries.filter((e) => e.amountPence !== 0 || e.account !== 'fees'),
  };
}

/**
 * How a balance payment of `balancePence` is shared by lines costing `linePence` each: it pays them in
 * order, each up to its cost. More than the lines cost together is refused (the rest would be lost).
 */
export function balanceParts(balancePence: number, linePence: readonly number[]): number[] {
  if (!Number.isInteger(balancePence) || balancePence < 0)
    throw new RangeError('a balance payment is a whole, non-negative number of pence');
  let left = balancePence;
  const parts = linePence.map((cost) => {
    const part = Math.min(left, Math.max(0, cost));
    left -= part;
    return part;
  });
  if (left > 0) throw new RangeError('a balance payment cannot be more than the lines it pays for');
  return parts;
}

/**
 * A request to book accepted by its owner: its own card authorisation is captured, so the card pays
 * the line and its fee share; the line is the owner's pending earnings, the share the platform's fee.
 * Until then a request moves no money (its checkout posts only the instant lines).
 */
export function requestAcceptedPosting(facts: {
  rentalId: string;
  paymentId: string | null;
  renterId: string;
  ownerId: string;
  totalPence: number;
  amountPence: number;
}): LedgerPosting {
  const fee = facts.amountPence - facts.totalPence;
  if (fee < 0) throw new RangeError('a request is authorised for at least its line total');
  return {
    kind: 'request_accepted',
    rentalId: facts.rentalId,
    paymentId: facts.paymentId,
    entries: [
      { userId: facts.renterId, account: 'card', kind: 'rental_payment', amountPence: -facts.amountPence, rentalId: facts.rentalId },
      { userId: facts.ownerId, account: 'pending', kind: 'owner_earnings', amountPence: facts.totalPence, rentalId: facts.rentalId },
      ...(fee > 0 ? [{ userId: null, account: 'fees' as const, kind: 'service_fee', amountPence: fee, rentalId: facts.rentalId }] : []),
    ],
  };
}

/**
 * A rental extended: the renter pays the difference (by card, or from their available balance; a
 * negative difference, when a weekly price makes the longer rental cheaper, goes back to the
 * balance); the line's part is the owner's pending earnings, the rest the platform's fee.
 */
export function extensionPosting(facts: {
  rentalId: string;
  /** The extension's id: the posting's reference, so its statement line names the extension's own card. */
  extensionId: string;
  paymentId: string | null;
  renterId: string;
  ownerId: string;
  linePence: number;
  feePence: number;
  paidWith: 'card' | 'balance';
}): LedgerPosting | null {
  const total = facts.linePence + facts.feePence;
  if (facts.linePence === 0 && facts.feePence === 0) return null;
  const payer = total > 0 && facts.paidWith === 'card' ? ('card' as const) : ('available' as const);
  const entries: PostingEntry[] = [
    {
      userId: facts.renterId,
      account: payer,
      kind: total >= 0 ? 'extension_payment' : 'extension_refund',
      amountPence: -total,
      rentalId: facts.rentalId,
    },
    { userId: facts.ownerId, account: 'pending', kind: 'extension_earnings', amountPence: facts.linePence, rentalId: facts.rentalId },
    { userId: null, account: 'fees', kind: 'extension_fee', amountPence: facts.feePence, rentalId: facts.rentalId },
  ];
  return {
    kind: 'rental_extended',
    rentalId: facts.rentalId,
    paymentId: facts.paymentId,
    reference: facts.extensionId,
    entries: entries.filter((e) => e.amountPence !== 0),
  };
}

/**
 * The card could not be charged after booking: everything the checkout posted is taken back to the
 * renter's card (the owners' earnings still pending or already released, the fee left, and any
 * refund to the renter's balance for a line cancelled meanwhile, since that money was never taken).
 * A balance never goes below zero: what a person has already withdrawn or spent of such money is not
 * taken from them here but borne by the platform (`capture_loss` on the fees account), as
 * `availableNowPence` (each user's available balance before this posting) says. What the renter's
 * balance paid for a line (and was not refunded to it since) was really taken: it goes back to the
 * balance, not to the card. Null when nothing is left to reverse.
 */
export function captureFailedPosting(facts: {
  paymentId: string;
  renterId: string;
  rentals: ReadonlyArray<{
    rentalId: string;
    ownerId: string;
    ownerPendingPence: number;
    ownerAvailablePence: number;
    /** The rental's sum on the renter's available balance: refunds to it less what it paid (negative: still owed). */
    renterAvailablePence: number;
  }>;
  feesLeftPence: number;
  availableNowPence: Readonly<Record<string, number>>;
}): LedgerPosting | null {
  const entries: PostingEntry[] = [];
  const left = new Map(Object.entries(facts.availableNowPence));
  let loss = 0;
  /** Takes back up to what the user still has available; the rest is the platform's loss. */
  const takeAvailable = (userId: string, amount: number, rentalId: string) => {
    const have = Math.max(0, left.get(userId) ?? 0);
    const taken = Math.min(have, amount);
    left.set(userId, have - taken);
    loss += amount - taken;
    if (taken !== 0) entries.push({ userId, account: 'available', kind: 'capture_failed', amountPence: -taken, rentalId });
  };
  for (const r of facts.rentals) {
    if (r.ownerPendingPence !== 0)
      entries.push({
        userId: r.ownerId,
        account: 'pending',
        kind: 'capture_failed',
        amountPence: -r.ownerPendingPence,
        rentalId: r.rentalId,
      });
    if (r.ownerAvailablePence > 0) takeAvailable(r.ownerId, r.ownerAvailablePence, r.rentalId);
    if (r.renterAvailablePence > 0) takeAvailable(facts.renterId, r.renterAvailablePence, r.rentalId);
    if (r.renterAvailablePence < 0)
      entries.push({
        userId: facts.renterId,
        account: 'available',
        kind: 'capture_failed',
        amountPence: -r.renterAvailablePence,
        rentalId: r.rentalId,
      });
  }
  if (facts.feesLeftPence !== 0) entries.push({ userId: null, account: 'fees', kind: 'capture_failed', amountPence: -facts.feesLeftPence });
  if (loss !== 0) entries.push({ userId: null, account: 'fees', kind: 'capture_loss', amountPence: -loss });
  const back = -entries.reduce((sum, e) => sum + e.amountPence, 0);
  if (back === 0) return null;
  entries.push({ userId: facts.renterId, account: 'card', kind: 'capture_failed', amountPence: back });
  return { kind: 'capture_failed', paymentId: facts.paymentId, entries };
}
