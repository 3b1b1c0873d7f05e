import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider, RefundResult } from '../../platform/payments/payment-provider.ts';
import { createCardRefundRepository, REFUND_JOB } from './card-refund-repository.ts';

/** Tries of one refund before it is given to the renter's balance instead (about two hours with the backoff, as captures). */
export const REFUND_ATTEMPTS = 8;
export const REFUND_BACKOFF_MS = 60_000;

/**
 * Sends a recorded refund to the processor, with the refund's id as the idempotency reference, and
 * follows it: succeeded ends it; pending or an error (no answer, an outage) is tried again with
 * backoff; refused, or not done after REFUND_ATTEMPTS, ends it failed: the amount posted back to the
 * card is given to the renter's Toolshed balance instead and `card_refund.failed` published (the
 * renter is told).
 */
export function registerCardRefundJob(deps: { db: Db; jobs: JobQueue; events: EventBus; payments: PaymentProvider }): void {
  const { jobs, payments } = deps;
  const repo = createCardRefundRepository(deps.db, deps.events);
  jobs.register<{ refundId: string }>(
    REFUND_JOB,
    async ({ refundId }, { now, attempt }) => {
      const refund = await repo.find(refundId);
      if (!refund || refund.status !== 'pending') return;
      let result: RefundResult | undefined;
      let error: unknown;
      try {
        result = refund.providerRefundId
          ? await payments.refundStatus(refund.providerRefundId)
          : await payments.refund({ authorizationId: refund.authorizationId, amountPence: refund.amountPence, reference: refund.id });
      } catch (err) {
        error = err;
      }
      if (result?.refundId && result.refundId !== refund.providerRefundId) await repo.saveProviderRefundId(refundId, result.refundId, now);
      if (result?.status === 'succeeded') return repo.markSucceeded(refundId, now);
      if (result?.status !== 'failed' && attempt < REFUND_ATTEMPTS) throw error ?? new Error(`Refund ${refundId} is still pending`);
      const reason =
        result?.status === 'failed' ? result.reason : `not confirmed after ${attempt} tries: ${String(error ?? 'still pending')}`;
      await repo.failToBalance(refund, reason, now);
    },
    { maxAttempts: REFUND_ATTEMPTS + 3, backoffMs: REFUND_BACKOFF_MS },
  );
}
