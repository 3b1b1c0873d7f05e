import { passesModulusCheck } from './modulus-check.ts';

export const SORT_CODE_PROBLEM = 'Enter a valid sort code, like 12-34-56';
export const ACCOUNT_NUMBER_PROBLEM = 'Enter a valid account number, like 12345678';
export const ACCOUNT_NAME_PROBLEM = 'Enter the name on the account';
export const DETAILS_MISMATCH = 'These bank details do not match: check the sort code and account number';

export interface BankAccountInput {
  name: string;
  sortCode: string;
  accountNumber: string;
}

export type BankAccountField = 'name' | 'sortCode' | 'accountNumber';

/** A sort code as typed (12-34-56, 12 34 56 or 123456) to its six digits, or null. */
export function sortCodeDigits(typed: string): string | null {
  const trimmed = typed.trim();
  if (!/^\d{2}([- ]?)\d{2}\1\d{2}$/.test(trimmed)) return null;
  return trimmed.replace(/[- ]/g, '');
}

/**
 * An account number as typed (spaces allowed) to its eight digits, or null. Six or seven digits
 * are padded with leading zeros, as UK banks do for their older shorter numbers; other lengths
 * (building society roll numbers, 9 or 10 digit numbers) are not accepted.
 */
export function accountNumberDigits(typed: string): string | null {
  const digits = typed.replace(/\s/g, '');
  if (!/^\d{6,8}$/.test(digits)) return null;
  return digits.padStart(8, '0');
}

/** Six digits as a sort code is shown: 12-34-56. */
export function formatSortCode(digits: string): string {
  return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4, 6)}`;
}

/**
 * Every problem of a bank account form, by field; empty when it can be sent. A well-formed pair
 * that fails Vocalink's modulus check is refused on the account number, with the words that say
 * the two do not go together.
 */
export function bankAccountProblems(input: BankAccountInput): Partial<Record<BankAccountField, string>> {
  const problems: Partial<Record<BankAccountField, string>> = {};
  const name = input.name.trim();
  if (name.length < 2 || name.length > 70) problems.name = ACCOUNT_NAME_PROBLEM;
  const sortCode = sortCodeDigits(input.sortCode);
  if (!sortCode) problems.sortCode = SORT_CODE_PROBLEM;
  const account = accountNumberDigits(input.accountNumber);
  if (!account) problems.accountNumber = ACCOUNT_NUMBER_PROBLEM;
  if (sortCode && account && !passesModulusCheck(sortCode, account)) problems.accountNumber = DETAILS_MISMATCH;
  return problems;
}

/** How a bank account is named on a statement or a page: 'account ending 4958 (08-99-99)'. */
export function bankAccountName(account: { sortCode: string; last4: string }): string {
  return `bank account ending ${account.last4} (${formatSortCode(account.sortCode)})`;
}
