import { pgCode } from '../checkout/transaction-retries.ts';

/** The answer when a balance does not cover what is spent from it and no more particular one applies. */
export const BALANCE_NOT_ENOUGH = 'Your Toolshed balance is not enough for this.';

const CHECK_VIOLATION = '23514';
/** The text of the deferred check of migration 0024 (ledger_user_balance_not_negative) for an available balance. */
const AVAILABLE_BELOW_ZERO = /^the available balance of user .+ would be -\d+ pence: a balance never goes below zero$/;

/**
 * The database refused a commit because it would leave a member's available balance below zero.
 * Spenders lock the member's row first (`spendFromBalances`), so this should never happen; should a
 * spender miss the lock, it is a refusal the member can act on (409), not a failure of ours. Only
 * that check: any other 23514 (a truncated ledger, a changed withdrawal, another account below zero)
 * stays an error.
 */
export function isOverdraft(err: unknown): boolean {
  if (pgCode(err) !== CHECK_VIOLATION) return false;
  const e = err as { message?: unknown; cause?: { message?: unknown } } | null;
  const message = e?.cause?.message ?? e?.message;
  return typeof message === 'string' && AVAILABLE_BELOW_ZERO.test(message);
}
