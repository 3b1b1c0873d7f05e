/** Postings of a withdrawal: asked for, then paid out or refused, and a paid one sent back by the bank. */
import type { LedgerPosting } from './posting.ts';

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

/**
 * A paid withdrawal the receiving bank sent back (a closed account, a name that did not match): the
 * amount leaves paid_out and is back in the available balance. Posted once, when it is marked returned.
 */
export function withdrawalReturnedPosting(facts: { withdrawalId: string; userId: string; amountPence: number }): LedgerPosting {
  return {
    kind: 'withdrawal_returned',
    reference: facts.withdrawalId,
    entries: [
      { userId: facts.userId, account: 'paid_out', amountPence: -facts.amountPence },
      { userId: facts.userId, account: 'available', amountPence: facts.amountPence },
    ],
  };
}
