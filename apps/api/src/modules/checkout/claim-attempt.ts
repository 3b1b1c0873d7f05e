import { AppError } from '@toolshed/core';
import { ATTEMPT_STALE_MS } from './attempt-sweep-job.ts';
import { STILL_PROCESSING, type AttemptClaim, type ChallengeOutcome, type CheckoutContext } from './checkout-kit.ts';

/** What claiming a payment key answers: this request's claim, the order an earlier try booked, or its open challenge. */
export type ClaimOutcome = AttemptClaim | { paymentId: string } | ChallengeOutcome;

/**
 * Claims the attempt of a payment key for this request: a new one, or one an earlier try left
 * (taken over when it looks crashed, its leftover holds released first). A key used for another
 * basket, or an attempt another request is still finishing, is refused (409).
 */
export async function claimAttempt(
  { attempts, payments, now }: Pick<CheckoutContext, 'attempts' | 'payments' | 'now'>,
  renterId: string,
  key: string,
  requestHash: string,
): Promise<ClaimOutcome> {
  const at = now();
  const claim = await attempts.claim(renterId, key, requestHash, at);
  if (claim.claimed) return { id: claim.id, claim: claim.claim };
  const existing = claim.existing;
  if (existing.requestHash !== requestHash)
    throw new AppError('CONFLICT', 'This payment key was already used for a different checkout.', 'idempotencyKey');
  // The database's truth: a booking commits together with its attempt's success.
  if (existing.status === 'succeeded' && existing.paymentId) return { paymentId: existing.paymentId };
  // Paying again while the bank's challenge is open (the back button, a double click): the same challenge.
  if (existing.status === 'awaiting_challenge' && existing.challengeExpiresAt && existing.challengeExpiresAt > at)
    return { challenge: { attemptId: existing.id } };
  const reclaimed = await attempts.reclaim(existing.id, new Date(at.getTime() - ATTEMPT_STALE_MS), at);
  if (!reclaimed) throw new AppError('CONFLICT', STILL_PROCESSING, 'idempotencyKey');
  // A request that crashed after authorising left holds: release them before authorising again.
  for (const authorizationId of reclaimed.leftoverAuthorizations) await payments.void(authorizationId);
  return { id: existing.id, claim: reclaimed.claim };
}
