import { AppError, INVALID_AMOUNT, payoutCardProblems, todayInLondon } from '@toolshed/core';
import type { Withdrawal, WithdrawalRequest } from '@toolshed/core/contract';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PayoutProvider } from '../../platform/payments/payout-provider.ts';
import { withTransactionRetries } from '../checkout/transaction-retries.ts';
import type { WithdrawalRepository, WithdrawalRow } from './withdrawal-repository.ts';
import { PAYOUT_JOB, payoutJobKey } from './payout-job.ts';
import { isRowId } from '../../db/ids.ts';

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountPence: row.amountPence,
    status: row.status as Withdrawal['status'],
    card: { brand: row.brand, last4: row.last4 },
    createdAt: row.createdAt.toISOString(),
    failureReason: row.failureReason,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Withdrawal not found.');

/**
 * Withdrawals: the amount leaves the available balance at once (to pending debits) and is paid out
 * to the card by the `payouts.send` job; a refused payout gives it back. One per idempotency key.
 */
export function createWithdrawalService(deps: {
  repo: WithdrawalRepository;
  payouts: PayoutProvider;
  jobs: JobQueue;
  available: (userId: string) => Promise<number>;
  now: () => Date;
}) {
  const { repo, payouts, jobs, now } = deps;
  return {
    async withdraw(userId: string, input: WithdrawalRequest): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
      const problems = Object.entries(payoutCardProblems(input.card, todayInLondon(now())));
      if (problems[0]) throw new AppError('VALIDATION', problems[0][1], problems[0][0]);
      const earlier = await repo.byKey(userId, input.idempotencyKey);
      if (earlier) return replay(earlier, input.amountPence);
      // An early answer before the card is sent anywhere; the transaction below decides.
      if (input.amountPence > (await deps.available(userId))) throw new AppError('VALIDATION', INVALID_AMOUNT, 'amount');

      const card = await payouts.registerCard(input.card);
      if (!card.ok) throw new AppError('VALIDATION', 'This card cannot receive payouts. Please use a different card.', 'card.number');
      const result = await withTransactionRetries(() =>
        repo.create({
          userId,
          idempotencyKey: input.idempotencyKey,
          amountPence: input.amountPence,
          card: { brand: card.brand, last4: card.last4 },
          provider: payouts.name,
          destination: card.destination,
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
  };
}

function replay(row: WithdrawalRow, amountPence: number): { withdrawal: Withdrawal; replayed: boolean } {
  if (row.amountPence !== amountPence)
    throw new AppError('CONFLICT', 'This withdrawal key was already used for a different amount.', 'idempotencyKey');
  return { withdrawal: toWithdrawal(row), replayed: true };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
