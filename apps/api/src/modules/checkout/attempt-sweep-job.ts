import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { declineMessage } from '@toolshed/core';
import type { AttemptFailure, AttemptRepository } from './attempt-repository.ts';

export const ATTEMPT_SWEEP_JOB = 'checkout.sweep-attempt';
/**
 * A checkout attempt 'processing' for longer than this is taken to have crashed: a retry with its
 * key takes it over, and the sweep job marks it failed and releases its hold. A real checkout takes
 * a few seconds.
 */
export const ATTEMPT_STALE_MS = 2 * 60_000;

/**
 * How long the renter has to answer their bank's 3-D Secure challenge. Until then the attempt holds
 * its dates from other checkouts; after it the sweep fails the attempt and the dates are free again.
 */
export const CHALLENGE_TIMEOUT_MS = 15 * 60_000;

/** What a challenge never answered in time answers, to every confirm after it. */
export const ABANDONED_FAILURE: AttemptFailure = {
  code: 'PAYMENT_FAILED',
  message: declineMessage('authentication_abandoned'),
  field: 'card',
};

/** What an attempt that died while finishing (and was swept) answers: nothing was charged. */
export const CRASHED_FAILURE: AttemptFailure = {
  code: 'PAYMENT_FAILED',
  message: declineMessage('processing_error'),
  field: 'card',
};

interface SweepPayload {
  attemptId: string;
}

/** Each claim of an attempt gets its own sweep, due just after it would count as crashed. */
export async function enqueueAttemptSweep(jobs: JobQueue, attempt: { id: string; claim: number }, now: Date): Promise<void> {
  await jobs.enqueue(ATTEMPT_SWEEP_JOB, { attemptId: attempt.id } satisfies SweepPayload, {
    key: `${ATTEMPT_SWEEP_JOB}:${attempt.id}:${attempt.claim}`,
    runAt: new Date(now.getTime() + ATTEMPT_STALE_MS + 1_000),
  });
}

/** A challenge gets its own sweep, due just after it times out. */
export async function enqueueChallengeSweep(jobs: JobQueue, attempt: { id: string; claim: number }, expiresAt: Date): Promise<void> {
  await jobs.enqueue(ATTEMPT_SWEEP_JOB, { attemptId: attempt.id } satisfies SweepPayload, {
    key: `${ATTEMPT_SWEEP_JOB}:${attempt.id}:challenge:${attempt.claim}`,
    runAt: new Date(expiresAt.getTime() + 1_000),
  });
}

/**
 * Marks attempts left 'processing' by a crash, or awaiting a challenge past its time, as failed (so
 * the key may be used again and the dates are free) and voids every hold they recorded.
 */
export function registerAttemptSweepJob(
  jobs: JobQueue,
  attempts: AttemptRepository,
  payments: PaymentProvider,
  /** Told when an attempt is swept: a challenge's dates are free again (cached browse answers are dropped). */
  onSwept: () => void = () => {},
): void {
  jobs.register<SweepPayload>(ATTEMPT_SWEEP_JOB, async ({ attemptId }, { now }) => {
    const swept =
      (await attempts.sweep(attemptId, new Date(now.getTime() - ATTEMPT_STALE_MS), now)) ??
      (await attempts.expireChallenge(attemptId, ABANDONED_FAILURE, now));
    if (swept) onSwept();
    for (const authorizationId of swept?.leftoverAuthorizations ?? []) await payments.void(authorizationId);
  });
}
