/**
 * Where money moves: every posting the product makes, as a pure function from the facts to the
 * ledger entries. The API reads the facts (what is pending for a rental, what fee is left), calls one
 * of these and saves what it returns with the ledger module's `postTransaction`, in the transaction
 * that makes the change it pays for. Each posting sums to zero (`ledgerProblem` and the database
 * check it again). See ledger.ts for the accounts.
 */
import { feeShares } from './fee-shares.ts';
import type { LedgerAccount } from './ledger.ts';

export interface PostingEntry {
  userId: string | null;
  account: LedgerAccount;
  amountPence: number;
  /** What this entry is, for statements (defaults to the posting's kind). */
  kind?: string;
  rentalId?: string | null;
  paymentId?: string | null;
}

export interface LedgerPosting {
  kind:
    | 'checkout'
    | 'capture_failed'
    | 'rental_cancelled'
    | 'card_refund_failed'
    | 'rental_completed'
    | 'withdrawal_requested'
    | 'withdrawal_paid'
    | 'withdrawal_failed'
    | 'deposit_held'
    | 'deposit_settled'
    | 'claim_refunded'
    | 'request_accepted'
    | 'rental_extended';
  paymentId?: string | null;
  rentalId?: string | null;
  /** The withdrawal an entry belongs to. */
  reference?: string | null;
  entries: PostingEntry[];
}

/**
 * A paid checkout: the card pays the charged total; each owner's line total is pending earnings; the
 * fee is the platform's. A subtotal that is not the sum of the lines leaves it unbalanced: refused.
 * The card's payment and the fee are written per line (its total and its `feeShares` share, with its
 * rental), so each rental's statement line says what it cost; together they are the one charge.
 */
export function checkoutPosting(facts: {
  paymentId: string;
  renterId: string;
  subtotalPence: number;
  serviceFeePence: number;
  lines: ReadonlyArray<{ rentalId: string; ownerId: string; totalPence: number }>;
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
  const entries: PostingEntry[] = facts.lines.flatMap((line, i) => [
    {
      userId: facts.renterId,
      account: 'card' as const,
      kind: 'rental_payment',
      amountPence: -(line.totalPence + shares[i]!),
      rentalId: line.rentalId,
    },
    { userId: line.ownerId, account: 'pending' as const, kind: 'owner_earnings', amountPence: line.totalPence, rentalId: line.rentalId },
    { userId: null, account: 'fees' as const, kind: 'service_fee', amountPence: shares[i]!, rentalId: line.rentalId },
  ]);
  // What the lines do not account for (a subtotal that is not their sum) is charged on its own: the
  // posting then does not balance and is refused.
  const unexplained = facts.subtotalPence - facts.lines.reduce((sum, l) => sum + l.totalPence, 0);
  if (unexplained !== 0) entries.push({ userId: facts.renterId, account: 'card', kind: 'rental_payment', amountPence: -unexplained });
  return { kind: 'checkout', paymentId: facts.paymentId, entries: entries.filter((e) => e.amountPence !== 0 || e.account !== 'fees') };
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
    entries: entries.filter((e) => e.amountPence !== 0),
  };
}

/**
 * The card could not be charged after booking: everything the checkout posted is taken back to the
 * renter's card (the owners' earnings still pending or already released, the fee left, and any
 * refund to the renter's balance for a line cancelled meanwhile, since that money was never taken).
 * A balance never goes below zero: what a person has already withdrawn or spent of such money is not
 * taken from them here but borne by the platform (`capture_loss` on the fees account), as
 * `availableNowPence` (each user's available balance before this posting) says. Null when nothing
 * is left to reverse.
 */
export function captureFailedPosting(facts: {
  paymentId: string;
  renterId: string;
  rentals: ReadonlyArray<{
    rentalId: string;
    ownerId: string;
    ownerPendingPence: number;
    ownerAvailablePence: number;
    renterRefundedPence: number;
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
    if (r.renterRefundedPence > 0) takeAvailable(facts.renterId, r.renterRefundedPence, r.rentalId);
  }
  if (facts.feesLeftPence !== 0) entries.push({ userId: null, account: 'fees', kind: 'capture_failed', amountPence: -facts.feesLeftPence });
  if (loss !== 0) entries.push({ userId: null, account: 'fees', kind: 'capture_loss', amountPence: -loss });
  const back = -entries.reduce((sum, e) => sum + e.amountPence, 0);
  if (back === 0) return null;
  entries.push({ userId: facts.renterId, account: 'card', kind: 'capture_failed', amountPence: back });
  return { kind: 'capture_failed', paymentId: facts.paymentId, entries };
}

/**
 * A cancelled or declined rental gives the renter back the line total and its fee share: the owner's
 * pending earnings and the fee share are reversed. What was paid by card goes back to the card
 * (`toCardPence`, its own entry, the processor's refund following), the rest to the renter's Toolshed
 * balance. Null when nothing was paid for it through checkout.
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
}): LedgerPosting | null {
  if (!facts.paymentId || facts.ownerPendingPence <= 0) return null;
  const refund = facts.ownerPendingPence + facts.feeSharePence;
  const toCard = Math.min(Math.max(0, facts.toCardPence ?? 0), refund);
  const toBalance = refund - toCard;
  return {
    kind: 'rental_cancelled',
    rentalId: facts.rentalId,
    paymentId: facts.paymentId,
    entries: [
      { userId: facts.ownerId, account: 'pending', kind: 'earnings_reversed', amountPence: -facts.ownerPendingPence },
      ...(facts.feeSharePence > 0
        ? [{ userId: null, account: 'fees' as const, kind: 'service_fee_refunded', amountPence: -facts.feeSharePence }]
        : []),
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

/** A withdrawal asked for: the amount leaves the available balance for payout_pending until it is paid or fails. */
export function withdrawalRequestedPosting(facts: { withdrawalId: string; userId: string; amountPence: number }): LedgerPosting {
  return {
    kind: 'withdrawal_requested',
    reference: facts.withdrawalId,
    entries: [
      { userId: facts.userId, account: 'available', amountPence: -facts.amountPence },
      { userId: facts.userId, account: 'payout_pending', amountPence: facts.amountPence },
    ],
  };
}

/** A withdrawal ended: paid moves it from payout_pending to paid_out; failed gives it back to available. */
export function withdrawalSettledPosting(facts: {
  withdrawalId: string;
  userId: string;
  amountPence: number;
  outcome: 'paid' | 'failed';
}): LedgerPosting {
  return {
    kind: facts.outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_failed',
    reference: facts.withdrawalId,
    entries: [
      { userId: facts.userId, account: 'payout_pending', amountPence: -facts.amountPence },
      { userId: facts.userId, account: facts.outcome === 'paid' ? 'paid_out' : 'available', amountPence: facts.amountPence },
    ],
  };
}

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
