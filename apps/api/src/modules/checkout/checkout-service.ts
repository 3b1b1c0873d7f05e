import { answerChallenge } from './answer-challenge.ts';
import { attemptStatus } from './attempt-status.ts';
import { checkoutContext, type CheckoutDeps, type CheckoutInput } from './checkout-kit.ts';
import { confirmCheckout } from './confirm-checkout.ts';
import { startCheckout } from './start-checkout.ts';

/**
 * The checkout's use cases, one file each, given their dependencies: pay for a wheelbarrow
 * (start-checkout.ts, booking in book-and-pay.ts), finish it after the bank's challenge
 * (confirm-checkout.ts), read where an attempt stands (attempt-status.ts) and the simulated issuer's
 * answer to a challenge (answer-challenge.ts).
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const ctx = checkoutContext(deps);
  return {
    checkout: (renterId: string, input: CheckoutInput) => startCheckout(ctx, renterId, input),
    confirm: (renterId: string, attemptId: string) => confirmCheckout(ctx, renterId, attemptId),
    attempt: (renterId: string, attemptId: string) => attemptStatus(ctx, renterId, attemptId),
    answerChallenge: (renterId: string, attemptId: string, approved: boolean) => answerChallenge(ctx, renterId, attemptId, approved),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
