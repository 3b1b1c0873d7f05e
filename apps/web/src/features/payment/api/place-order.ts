import type { CardInput } from '@toolshed/core';
import type { CheckoutAttempt, CheckoutChallenge } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';
import type { LineDates } from '../../../data/check-wheelbarrow.ts';

export interface PlaceOrderInput {
  lines: LineDates[];
  card: CardInput;
  idempotencyKey: string;
  /** Pay from the Toolshed balance before the card (the server's default). */
  useBalance?: boolean;
}

/**
 * Books and pays for the lines at once (the server prices them; ~1.5 s). The card travels only in
 * this request body and is never logged or kept. When the card's bank asks for its 3-D Secure check,
 * the answer is the bank's page to go to instead (nothing is charged or held yet).
 */
export function placeOrder(input: PlaceOrderInput): Promise<{ orderId: string } | CheckoutChallenge> {
  return requestJson<{ orderId: string } | CheckoutChallenge>('POST', '/api/checkout', input);
}

/** Finishes a checkout whose bank check was answered: the order, or the failure (asking again answers the same). */
export function confirmOrder(attemptId: string): Promise<{ orderId: string }> {
  return requestJson<{ orderId: string }>('POST', `/api/checkout/attempts/${encodeURIComponent(attemptId)}/confirm`, {});
}

export function getAttempt(attemptId: string): Promise<CheckoutAttempt> {
  return requestJson<CheckoutAttempt>('GET', `/api/checkout/attempts/${encodeURIComponent(attemptId)}`);
}

/** The simulated bank's answer to its own check; then the renter goes back to `returnUrl`. */
export function answerChallenge(attemptId: string, approve: boolean): Promise<{ returnUrl: string }> {
  return requestJson<{ returnUrl: string }>('POST', `/api/bank/challenges/${encodeURIComponent(attemptId)}`, { approve });
}
