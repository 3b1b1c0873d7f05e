import { AppError } from '@toolshed/core';
import { StaleClaimError } from './booking-repository.ts';
import { STILL_PROCESSING, type AttemptClaim, type ChallengeOutcome, type CheckoutContext, type CheckoutOutcome } from './checkout-kit.ts';
import { isRetryableConflict } from './transaction-retries.ts';

/**
 * Runs a claim of an attempt (`work` answers the payment id, or a challenge), and on a failure
 * releases its holds and records why, so asking again answers the same.
 */
export async function runAttempt(
  { attempts, payments, now }: Pick<CheckoutContext, 'attempts' | 'payments' | 'now'>,
  attempt: AttemptClaim,
  work: () => Promise<string | ChallengeOutcome>,
): Promise<CheckoutOutcome> {
  try {
    const result = await work();
    return typeof result === 'string' ? { paymentId: result, replayed: false } : result;
  } catch (err) {
    // The failure paths release what they authorised; an error they did not foresee may not
    // have: every hold the attempt recorded is voided again (voiding is idempotent).
    for (const authorizationId of await attempts.fail(attempt.id, attempt.claim, now()))
      await payments.void(authorizationId).catch(() => undefined);
    if (err instanceof StaleClaimError) {
      const truth = await attempts.find(attempt.id);
      if (truth?.status === 'succeeded' && truth.paymentId) return { paymentId: truth.paymentId, replayed: true };
      throw new AppError('CONFLICT', STILL_PROCESSING, 'idempotencyKey');
    }
    if (isRetryableConflict(err))
      throw new AppError('UNAVAILABLE', 'Bookings are very busy just now, and nothing was charged. Please try again in a moment.');
    if (err instanceof AppError)
      await attempts.recordFailure(attempt.id, attempt.claim, {
        code: err.code,
        message: err.message,
        ...(err.field ? { field: err.field } : {}),
      });
    throw err;
  }
}
