import type { AttemptFailure } from './attempt-repository.ts';
import { ABANDONED_FAILURE, CRASHED_FAILURE } from './attempt-sweep-job.ts';
import { noSuchPayment, type CheckoutContext } from './checkout-kit.ts';

type AttemptStatus = 'processing' | 'awaiting_challenge' | 'succeeded' | 'failed';

export interface AttemptView {
  status: AttemptStatus;
  orderId: string | null;
  challenge: { amountPence: number; brand: string; last4: string; expiresAt: string } | null;
  failure: AttemptFailure | null;
}

/**
 * Where an attempt stands, for the bank's page and the payment page it returns to (the renter's own
 * only). A challenge past its time reads as failed (abandoned) before the sweep has marked it.
 */
export async function attemptStatus(
  { attempts, now }: Pick<CheckoutContext, 'attempts' | 'now'>,
  renterId: string,
  attemptId: string,
): Promise<AttemptView> {
  const found = await attempts.find(attemptId);
  if (!found || found.renterId !== renterId) throw noSuchPayment();
  const waiting = found.status === 'awaiting_challenge';
  const open = waiting && !!found.challengeExpiresAt && found.challengeExpiresAt > now();
  return {
    status: waiting && !open ? 'failed' : (found.status as AttemptStatus),
    orderId: found.status === 'succeeded' ? found.paymentId : null,
    challenge:
      found.pending && found.challengeExpiresAt
        ? {
            amountPence: found.pending.amountPence,
            brand: found.pending.brand,
            last4: found.pending.last4,
            expiresAt: found.challengeExpiresAt.toISOString(),
          }
        : null,
    failure: found.status === 'failed' ? (found.failure ?? CRASHED_FAILURE) : waiting && !open ? ABANDONED_FAILURE : null,
  };
}
