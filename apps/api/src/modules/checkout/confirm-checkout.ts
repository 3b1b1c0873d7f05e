import { AppError, declineMessage, todayInLondon } from '@toolshed/core';
import type { AttemptRow } from './attempt-repository.ts';
import { ABANDONED_FAILURE, CRASHED_FAILURE, enqueueAttemptSweep } from './attempt-sweep-job.ts';
import { bookAndPay } from './book-and-pay.ts';
import { failureError, noSuchPayment, STILL_PROCESSING, type CheckoutContext } from './checkout-kit.ts';
import { runAttempt } from './run-attempt.ts';

/** How long a second confirm (another tab) waits for the first to finish before answering 'still processing'. */
const CONFIRM_WAIT_MS = 20_000;
const CONFIRM_POLL_MS = 100;

type Confirmed = { paymentId: string; replayed: boolean };

/**
 * Finishes a checkout whose bank challenge was answered: authorises with the authentication and
 * books as a checkout does. Idempotent per attempt: asking again (another tab, the back button, the
 * bank's page and the payment page both) answers the same order or the same failure, and of two
 * at once one finishes it while the other waits for its answer.
 */
export async function confirmCheckout(ctx: CheckoutContext, renterId: string, attemptId: string): Promise<Confirmed> {
  const waitUntil = Date.now() + CONFIRM_WAIT_MS;
  for (;;) {
    const found = await ctx.attempts.find(attemptId);
    if (!found || found.renterId !== renterId) throw noSuchPayment();
    if (found.status === 'succeeded' && found.paymentId) return { paymentId: found.paymentId, replayed: true };
    if (found.status === 'failed') throw failureError(found.failure ?? CRASHED_FAILURE);
    if (found.status === 'awaiting_challenge') {
      const finished = await finishChallenge(ctx, renterId, found);
      if (finished) return finished;
      continue;
    }
    // 'processing': another confirm (or a retry with the key) is finishing it; its answer is ours.
    if (Date.now() > waitUntil) throw new AppError('CONFLICT', STILL_PROCESSING, 'idempotencyKey');
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
  }
}

/**
 * An attempt waiting for its challenge: expired (its holds released), or taken by this confirm and
 * booked with the authentication. Null when it changed meanwhile: look again.
 */
async function finishChallenge(ctx: CheckoutContext, renterId: string, found: AttemptRow): Promise<Confirmed | null> {
  const { attempts, payments, onBooked } = ctx;
  const at = ctx.now();
  if (!found.challengeExpiresAt || found.challengeExpiresAt <= at) {
    for (const id of (await attempts.expireChallenge(found.id, ABANDONED_FAILURE, at))?.leftoverAuthorizations ?? [])
      await payments.void(id).catch(() => undefined);
    onBooked();
    return null;
  }
  const state = await payments.authenticationStatus(found.authenticationId!);
  if (state === 'pending') throw new AppError('CONFLICT', 'Please finish the check with your bank first.', 'challenge');
  const taken = await attempts.takeChallenge(found.id, at);
  if (!taken) return null;
  // No longer waiting on the bank: its dates are free unless it books them now.
  onBooked();
  const attempt = { id: found.id, claim: taken.claim };
  await enqueueAttemptSweep(ctx.jobs, attempt, at);
  const pending = found.pending!;
  const outcome = await runAttempt(ctx, attempt, async () => {
    if (state === 'failed') throw new AppError('PAYMENT_FAILED', declineMessage('authentication_failed'), 'card');
    const given = { authenticationId: found.authenticationId! };
    return bookAndPay(ctx, { renterId, lines: pending.lines, given, attempt, today: todayInLondon(at), useBalance: pending.useBalance });
  });
  if ('challenge' in outcome) throw new Error('An authenticated checkout asked for a challenge again.');
  return outcome;
}
