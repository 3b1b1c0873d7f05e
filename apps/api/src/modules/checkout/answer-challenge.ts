import { AppError } from '@toolshed/core';
import { noSuchPayment, type CheckoutContext } from './checkout-kit.ts';
import { confirmCheckout } from './confirm-checkout.ts';

/**
 * The simulated issuer's page: the cardholder approves or refuses. The checkout is then finished
 * at once (as a real processor's notification would), so closing the tab after approving still books;
 * the payment page asks `confirm` again and gets the same answer.
 */
export async function answerChallenge(ctx: CheckoutContext, renterId: string, attemptId: string, approved: boolean): Promise<void> {
  const found = await ctx.attempts.find(attemptId);
  if (!found || found.renterId !== renterId || !found.authenticationId) throw noSuchPayment();
  if (found.status === 'awaiting_challenge') await ctx.payments.completeChallenge(found.authenticationId, approved);
  await confirmCheckout(ctx, renterId, attemptId).catch((err: unknown) => {
    // The failure is recorded on the attempt: the payment page shows it.
    if (!(err instanceof AppError)) throw err;
  });
}
