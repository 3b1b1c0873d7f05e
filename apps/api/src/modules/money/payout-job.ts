import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PayoutProvider } from '../../platform/payments/payout-provider.ts';
import type { WithdrawalRepository } from './withdrawal-repository.ts';

export const PAYOUT_JOB = 'payouts.send';
export const payoutJobKey = (withdrawalId: string) => `${PAYOUT_JOB}:${withdrawalId}`;

/** Asks the provider, a while after a payout was paid, whether the receiving bank sent it back. */
export const PAYOUT_RETURN_CHECK_JOB = 'payouts.check_return';
/** Faster Payments returns come back within a day or two: the check runs this long after the payout. */
export const PAYOUT_RETURN_CHECK_DELAY_MS = 2 * 24 * 60 * 60 * 1000;

const REFUSED: Record<string, string> = {
  declined: 'The bank refused the payout. Please check your bank account details, or add a different account.',
  account_closed: 'The bank account is closed. Please add a different account.',
};
const RETURNED: Record<string, string> = {
  account_closed: 'The bank sent the payout back: the account is closed. Please add a different account.',
  name_mismatch: 'The bank sent the payout back: the name did not match the account. Please check the name on your bank account.',
};

/**
 * Sends a pending withdrawal to the payout provider. Paid: the amount moves from pending debits to
 * paid out, `payout.paid` is published and a check for a return is queued. Refused: it goes back to
 * the available balance and `payout.failed` is published. No answer (the provider threw): retried
 * with backoff; if it never answers the withdrawal stays pending (money in pending debits) for
 * someone to look at, because giving it back could pay it twice. The check finds a payout the bank
 * sent back and marks it returned: the amount is back in the available balance and
 * `payout.returned` is published. Each step moves the status only from the one it expects, so a job
 * run twice moves nothing the second time.
 */
export function registerPayoutJob(deps: { jobs: JobQueue; events: EventBus; repo: WithdrawalRepository; payouts: PayoutProvider }): void {
  const { jobs, events, repo, payouts } = deps;
  jobs.register<{ withdrawalId: string }>(
    PAYOUT_JOB,
    async ({ withdrawalId }, { now }) => {
      const withdrawal = await repo.find(withdrawalId);
      if (!withdrawal || withdrawal.status !== 'pending' || withdrawal.method !== 'bank') return;
      const result = await payouts.send({
        destination: withdrawal.destination,
        amountPence: withdrawal.amountPence,
        reference: withdrawal.id,
      });
      if (result.ok) {
        await repo.settle(withdrawal.id, { status: 'paid', payoutReference: result.payoutId }, now, async (tx, w) => {
          await events.publish(
            tx,
            { type: 'payout.paid', withdrawalId: w.id, userId: w.userId, amountPence: w.amountPence },
            `payout.paid:${w.id}`,
          );
          await jobs.enqueue(
            PAYOUT_RETURN_CHECK_JOB,
            { withdrawalId: w.id },
            { key: `${PAYOUT_RETURN_CHECK_JOB}:${w.id}`, runAt: new Date(now.getTime() + PAYOUT_RETURN_CHECK_DELAY_MS) },
            tx,
          );
        });
        return;
      }
      const reason = REFUSED[result.reason] ?? 'The payout could not be made. Please check your bank account details.';
      await repo.settle(withdrawal.id, { status: 'failed', reason }, now, async (tx, w) => {
        await events.publish(
          tx,
          { type: 'payout.failed', withdrawalId: w.id, userId: w.userId, amountPence: w.amountPence, reason },
          `payout.failed:${w.id}`,
        );
      });
    },
    { maxAttempts: 8, backoffMs: 30_000 },
  );

  jobs.register<{ withdrawalId: string }>(
    PAYOUT_RETURN_CHECK_JOB,
    async ({ withdrawalId }, { now }) => {
      const withdrawal = await repo.find(withdrawalId);
      if (!withdrawal || withdrawal.status !== 'paid' || !withdrawal.payoutReference) return;
      const state = await payouts.payoutState(withdrawal.payoutReference);
      if (state.state !== 'returned') return;
      const reason = RETURNED[state.reason] ?? 'The bank sent the payout back. Please check your bank account details.';
      await repo.markReturned(withdrawal.id, reason, now, async (tx, w) => {
        await events.publish(
          tx,
          { type: 'payout.returned', withdrawalId: w.id, userId: w.userId, amountPence: w.amountPence, reason },
          `payout.returned:${w.id}`,
        );
      });
    },
    { maxAttempts: 8, backoffMs: 60_000 },
  );
}
