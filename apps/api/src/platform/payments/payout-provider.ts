export type PayoutDecline = 'declined' | 'account_closed';

export type BankAccountResult = { ok: true; token: string; last4: string } | { ok: false; reason: 'account_not_found' };

export type PayoutResult = { ok: true; payoutId: string } | { ok: false; reason: PayoutDecline };

/** What became of a payout already paid: still paid, or sent back by the receiving bank. */
export type PayoutState = { state: 'paid' } | { state: 'returned'; reason: 'account_closed' | 'name_mismatch' };

/**
 * Pays money out to UK bank accounts (Faster Payments), shaped like real payout services: the
 * account is added once and comes back as a token, so the full account number is never stored by
 * us; payouts are then sent to the token. A paid payout may later be returned by the receiving bank,
 * which `payoutState` tells. `send` throws when the answer is unknown (network): the job retries
 * it, so it must be idempotent per `reference`.
 */
export interface PayoutProvider {
  readonly name: string;
  addBankAccount(account: { name: string; sortCode: string; accountNumber: string }): Promise<BankAccountResult>;
  send(input: { destination: string; amountPence: number; reference: string }): Promise<PayoutResult>;
  payoutState(payoutId: string): Promise<PayoutState>;
}
