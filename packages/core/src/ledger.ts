/**
 * The one ledger's vocabulary. Every money movement is a transaction of entries that sum to zero
 * (the database refuses any other). Accounts belong to a user, except the platform's fees.
 * - card: money paid in from (negative) or back to (positive) a user's card
 * - available: what a user may withdraw
 * - pending: earnings of rentals not yet completed (pending credits)
 * - payout_pending: withdrawals being paid out (pending debits)
 * - paid_out: money paid out to a user's card
 * - deposit_held: a renter's deposit held on their card (authorised, not charged) until it is released or claimed
 * - fees: the platform's service fees (no user)
 */
export const LEDGER_ACCOUNTS = ['card', 'available', 'pending', 'payout_pending', 'paid_out', 'fees', 'deposit_held'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export interface LedgerLeg {
  userId: string | null;
  account: LedgerAccount;
  amountPence: number;
}

/** Why a set of legs cannot be posted, or null when it can. */
export function ledgerProblem(legs: readonly LedgerLeg[]): string | null {
  if (legs.length < 2) return 'A ledger transaction needs at least two entries.';
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amountPence)) return 'Ledger amounts are whole pence.';
    if (!LEDGER_ACCOUNTS.includes(leg.account)) return `Unknown ledger account ${String(leg.account)}.`;
    if ((leg.account === 'fees') !== (leg.userId === null)) return 'Only the fees account has no user.';
  }
  const sum = legs.reduce((s, l) => s + l.amountPence, 0);
  return sum === 0 ? null : `Ledger entries must sum to zero (they sum to ${sum}).`;
}
