import { AppError, formatSortCode, INVALID_AMOUNT, NO_BANK_ACCOUNT } from '@toolshed/core';
import { pageOffset, type PageRequest, type Withdrawal, type WithdrawalRequest } from '@toolshed/core/contract';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { withTransactionRetries } from '../checkout/transaction-retries.ts';
import type { BankAccountRepository } from './bank-account-repository.ts';
import type { WithdrawalRepository, WithdrawalRow } from './withdrawal-repository.ts';
import { PAYOUT_JOB, payoutJobKey } from './payout-job.ts';
import { isRowId } from '../../db/ids.ts';

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountPence: row.amountPence,
    status: row.status as Withdrawal['status'],
    destination:
      row.method === 'bank'
        ? { kind: 'bank', name: row.accountName ?? '', sortCode: formatSortCode(row.sortCode ?? ''), last4: row.last4 }
        : { kind: 'card', brand: row.brand ?? '', last4: row.last4 },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    returnedAt: row.returnedAt ? row.returnedAt.toISOString() : null,
    failureReason: row.failureReason,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Withdrawal not found.');

/** Withdrawals listed on the money page at most. */
/** How many withdrawals a page lists unless asked otherwise. */
export const WITHDRAWALS_PAGE_SIZE = 20;

/**
 * Withdrawals: the amount leaves the available balance at once (to pending debits) and is paid out
 * to the member's bank account by the `payouts.send` job; a refused or returned payout gives it
 * back. One per idempotency key. The withdrawal keeps its own copy of the account it goes to (token,
 * sort code, last four digits, name), so a later change of bank account does not redirect it.
 */
export function createWithdrawalService(deps: {
  repo: WithdrawalRepository;
  bankAccounts: BankAccountRepository;
  jobs: JobQueue;
  available: (userId: string) => Promise<number>;
  now: () => Date;
}) {
  const { repo, jobs, now } = deps;
  return {
    async withdraw(userId: string, input: WithdrawalRequest): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
      const earlier = await repo.byKey(userId, input.idempotencyKey);
      if (earlier) return replay(earlier, input.amountPence);
      const account = await deps.bankAccounts.find(userId);
      if (!account) throw new AppError('VALIDATION', NO_BANK_ACCOUNT, 'bankAccount');
      // An early answer; the transaction below decides.
      if (input.amountPence > (await deps.available(userId))) throw new AppError('VALIDATION', INVALID_AMOUNT, 'amount');
      const result = await withTransactionRetries(() =>
        repo.create({
          userId,
          idempotencyKey: input.idempotencyKey,
          amountPence: input.amountPence,
          bank: { name: account.holderName, sortCode: account.sortCode, last4: account.last4 },
          provider: account.provider,
          destination: account.token,
          now: now(),
          inTransaction: async (tx, w) => {
            await jobs.enqueue(PAYOUT_JOB, { withdrawalId: w.id }, { key: payoutJobKey(w.id), runAt: now() }, tx);
          },
        }),
      );
      if (result.kind === 'insufficient') throw new AppError('VALIDATION', INVALID_AMOUNT, 'amount');
      if (result.kind === 'existing') return replay(result.withdrawal, input.amountPence);
      return { withdrawal: toWithdrawal(result.withdrawal), replayed: false };
    },

    async one(userId: string, withdrawalId: string): Promise<Withdrawal> {
      const row = isRowId(withdrawalId) ? await repo.find(withdrawalId) : undefined;
      if (!row || row.userId !== userId) throw notFound();
      return toWithdrawal(row);
    },

    /** A page of the member's withdrawals, newest first, and how many there are. */
    async page(userId: string, page: PageRequest): Promise<{ withdrawals: Withdrawal[]; total: number } & PageRequest> {
      const [rows, total] = await Promise.all([repo.recent(userId, page.pageSize, pageOffset(page)), repo.count(userId)]);
      return { withdrawals: rows.map(toWithdrawal), total, ...page };
    },
  };
}

function replay(row: WithdrawalRow, amountPence: number): { withdrawal: Withdrawal; replayed: boolean } {
  if (row.amountPence !== amountPence)
    throw new AppError('CONFLICT', 'This withdrawal key was already used for a different amount.', 'idempotencyKey');
  return { withdrawal: toWithdrawal(row), replayed: true };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
