import { accountNumberDigits, AppError, bankAccountProblems, formatSortCode, sortCodeDigits } from '@toolshed/core';
import type { BankAccount, BankAccountRequest } from '@toolshed/core/contract';
import type { PayoutProvider } from '../../platform/payments/payout-provider.ts';
import type { BankAccountRepository, BankAccountRow } from './bank-account-repository.ts';

/** The bank could not find the account when it was added (the payout provider's answer). */
export const ACCOUNT_NOT_FOUND = 'The bank could not find this account: check the sort code and account number';

export function toBankAccount(row: BankAccountRow): BankAccount {
  return { name: row.holderName, sortCode: formatSortCode(row.sortCode), last4: row.last4, addedAt: row.createdAt.toISOString() };
}

/**
 * A member's UK bank account for payouts: checked (core bankAccountProblems: the formats and
 * Vocalink's modulus check), then added to the payout provider, which returns a token for it. Only
 * the token, the last four digits, the sort code and the name are kept; the full number lives in the
 * request only for its length.
 */
export function createBankAccountService(deps: { repo: BankAccountRepository; payouts: PayoutProvider; now: () => Date }) {
  const { repo, payouts, now } = deps;
  return {
    async mine(userId: string): Promise<BankAccount | null> {
      const row = await repo.find(userId);
      return row ? toBankAccount(row) : null;
    },

    async save(userId: string, input: BankAccountRequest): Promise<BankAccount> {
      const problems = Object.entries(bankAccountProblems(input));
      if (problems[0]) throw new AppError('VALIDATION', problems[0][1], problems[0][0]);
      const sortCode = sortCodeDigits(input.sortCode)!;
      const accountNumber = accountNumberDigits(input.accountNumber)!;
      const name = input.name.trim();
      const added = await payouts.addBankAccount({ name, sortCode, accountNumber });
      if (!added.ok) throw new AppError('VALIDATION', ACCOUNT_NOT_FOUND, 'accountNumber');
      const row = await repo.save(
        { userId, holderName: name, sortCode, last4: added.last4, provider: payouts.name, token: added.token },
        now(),
      );
      return toBankAccount(row);
    },

    async remove(userId: string): Promise<void> {
      await repo.remove(userId);
    },
  };
}

export type BankAccountService = ReturnType<typeof createBankAccountService>;
