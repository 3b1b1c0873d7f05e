import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PayoutProvider } from '../../platform/payments/payout-provider.ts';
import type { WithdrawalRepository } from './withdrawal-repository.ts';

export const PAYOUT_JOB = 'payouts.send';
export const payoutJobKey = (withdrawalId: string) => `${PAYOUT_JOB}:${withdrawalId}`;

const REASONS: Record<string, string> = {
  declined: 'The card issuer refused the payout. Please withdraw to a different card.',
  card_not_supported: 'This card cannot receive payouts. Please withdraw to a different card.',
};

/**
 * Sends a pending withdrawal to the payout provider. Paid: the amount moves from pending debits to
 * paid out and `payout.paid` is published. Refused: it goes back to the available balance and
 * `payout.failed` is published. No answer (the provider threw): retried with backoff; if it never
 * answers the withdrawal stays pending (money in pending debits) for someone to look at, because
 * giving it back could pay it twice.
 */
export function registerPayoutJob(deps: { jobs: JobQueue; events: EventBus; repo: WithdrawalRepository; payouts: PayoutProvider }): void {
  const { jobs, events, repo, payouts } = deps;
  jobs.register<{ withdrawalId: string }>(
    PAYOUT_JOB,
    async ({ withdrawalId }, { now }) => {
      const withdrawal = await repo.find(withdrawalId);
      if (!withdrawal || withdrawal.status !== 'pending') return;
      const result = await payouts.send({
        destination: withdrawal.destination,
        amountPence: withdrawal.amountPence,
        reference: withdrawal.id,
      });
      if (result.ok) {
        await repo.settle(withdrawal.id, { status: 'paid' }, now, async (tx, w) => {
          await events.publish(
            tx,
            { type: 'payout.paid', withdrawalId: w.id, userId: w.userId, amountPence: w.amountPence },
            `payout.paid:${w.id}`,
          );
        });
        return;
      }
      const reason = REASONS[result.reason] ?? 'The payout could not be made. Please withdraw to a different card.';
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
}
