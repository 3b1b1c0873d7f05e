/**
 * Where money moves: every posting the product makes, as a pure function from the facts to the
 * ledger entries. The API reads the facts (what is pending for a rental, what fee is left), calls one
 * of these and hands what it returns to the ledger module (`savePosting`, or `spendFromBalances` when
 * it spends from a balance), in the transaction that makes the change it pays for. Each posting sums to zero (`ledgerProblem` and the database
 * check it again). See ledger.ts for the accounts.
 */
export type { LedgerPosting, PostingEntry } from './ledger-postings/posting.ts';
export * from './ledger-postings/booking.ts';
export * from './ledger-postings/cancellation.ts';
export * from './ledger-postings/withdrawals.ts';
export * from './ledger-postings/deposits.ts';
export * from './ledger-postings/extension-reversal.ts';
