import { cardBrand, cardDigits, expiryProblem, luhnValid, type CardBrand } from './card.ts';
import type { IsoDate } from './dates.ts';
import { readPounds } from './typed-pounds.ts';

/** The spec's words for an amount that is not above zero or is more than the available balance. */
export const INVALID_AMOUNT = 'Please enter a valid amount';

export interface PayoutCardInput {
  number: string;
  expiry: string;
  cvv: string;
}

export interface WithdrawalInput {
  /** Pounds as typed, e.g. '12.50'. */
  amount: string;
  card: PayoutCardInput;
}

export type WithdrawalField = 'amount' | 'card.number' | 'card.expiry' | 'card.cvv';

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
 * The payout card: 13 to 19 digits (spaces allowed) passing the Luhn check, an expiry MM/YY not in
 * the past, a 3 or 4 digit security code. No wallet address: the spec's leftover is dropped.
 */
export function payoutCardProblems(card: PayoutCardInput, today: IsoDate): Partial<Record<WithdrawalField, string>> {
  const problems: Partial<Record<WithdrawalField, string>> = {};
  const digits = card.number.replace(/\s/g, '');
  if (!/^[\d\s]+$/.test(card.number) || !/^\d{13,19}$/.test(digits) || !luhnValid(digits))
    problems['card.number'] = 'Please enter a valid card number';
  const expiry = expiryProblem(card.expiry, today);
  if (expiry) problems['card.expiry'] = expiry;
  if (!/^\d{3,4}$/.test(card.cvv.trim())) problems['card.cvv'] = 'Please enter the 3 or 4 digit security code';
  return problems;
}

/** Every problem of a withdrawal form, by field; empty when it can be sent. */
export function withdrawalProblems(
  input: WithdrawalInput,
  availablePence: number,
  today: IsoDate,
): Partial<Record<WithdrawalField, string>> {
  const amount = withdrawalAmountProblem(parsePoundsToPence(input.amount), availablePence);
  return { ...(amount ? { amount } : {}), ...payoutCardProblems(input.card, today) };
}

/** What is kept of a payout card: its brand and last four digits. */
export function payoutCardSummary(number: string): { brand: CardBrand; last4: string } {
  const digits = cardDigits(number);
  return { brand: cardBrand(digits), last4: digits.slice(-4) };
}
