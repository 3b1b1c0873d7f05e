import { readPounds } from './typed-pounds.ts';

/** The spec's words for an amount that is not above zero or is more than the available balance. */
export const INVALID_AMOUNT = 'Please enter a valid amount';

/** Said when a member asks for a withdrawal without a bank account to pay it to. */
export const NO_BANK_ACCOUNT = 'Add a bank account to withdraw to.';

export interface WithdrawalInput {
  /** Pounds as typed, e.g. '12.50'. */
  amount: string;
}

export type WithdrawalField = 'amount';

/** Pounds typed by a person (typed-pounds.ts `readPounds`) to whole pence, or null when it is not an amount one can withdraw. */
export function parsePoundsToPence(typed: string): number | null {
  const read = readPounds(typed);
  return read.kind === 'pence' && read.pence >= 0 ? read.pence : null;
}

/** Why this amount (pence) cannot be withdrawn from `availablePence`, or null. */
export function withdrawalAmountProblem(amountPence: number | null, availablePence: number): string | null {
  if (amountPence === null || !Number.isSafeInteger(amountPence) || amountPence <= 0 || amountPence > availablePence) return INVALID_AMOUNT;
  return null;
}

/**
 * Every problem of a withdrawal form, by field; empty when it can be sent. The money goes to the
 * member's bank account (bank/bank-account.ts checks it when it is added), so only the amount is asked.
 */
export function withdrawalProblems(input: WithdrawalInput, availablePence: number): Partial<Record<WithdrawalField, string>> {
  const amount = withdrawalAmountProblem(parsePoundsToPence(input.amount), availablePence);
  return amount ? { amount } : {};
}
