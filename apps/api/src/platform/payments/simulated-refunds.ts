import { randomUUID } from 'node:crypto';
import type { PaymentProvider, RefundResult } from './payment-provider.ts';

type RefundBehaviour = 'throw' | 'pending' | 'failed';

/** The simulator's ledger of holds: where each stands, what it held and took, until when it may be captured. */
export interface HoldBook {
  holds: Map<string, 'held' | 'captured' | 'voided'>;
  /** What each hold was authorised for, and what a capture of part of it took. */
  amounts: Map<string, { authorised: number; captured?: number }>;
  /** Every refund asked for, by its reference. */
  refunds: Map<string, { refundId: string; authorizationId: string; amountPence: number; status: RefundResult['status'] }>;
  /**
   * Tests steer refunds with it: 'throw' imitates a lost answer or an outage, 'pending' a refund
   * that the network confirms later (refundStatus then answers succeeded), 'failed' a refused one.
   */
  refundBehaviour: { next: RefundBehaviour[] };
}

const REFUSED = 'The card issuer refused the refund.';

/**
 * Refunds as a real processor gives them: the same reference answers the same refund; only captured
 * money can be refunded, and never more than was captured (a hold this process never saw is taken as captured).
 */
export function simulatedRefunds(book: HoldBook, wait: () => Promise<unknown>): Pick<PaymentProvider, 'refund' | 'refundStatus'> {
  const { holds, amounts, refunds, refundBehaviour } = book;
  const refundedOf = (authorizationId: string) =>
    [...refunds.values()]
      .filter((r) => r.authorizationId === authorizationId && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amountPence, 0);
  return {
    async refund({ authorizationId, amountPence, reference }) {
      await wait();
      const seen = refunds.get(reference);
      if (seen)
        return seen.status === 'failed'
          ? { status: 'failed', refundId: seen.refundId, reason: 'refused' }
          : { status: seen.status, refundId: seen.refundId };
      const behaviour = refundBehaviour.next.shift();
      if (behaviour === 'throw') throw new Error(`The processor did not answer the refund ${reference}`);
      const state = holds.get(authorizationId);
      if (state === 'held' || state === 'voided') throw new Error(`Cannot refund ${authorizationId}: it was not captured`);
      const held = amounts.get(authorizationId);
      const captured = held ? (held.captured ?? held.authorised) : Number.POSITIVE_INFINITY;
      if (!Number.isSafeInteger(amountPence) || amountPence <= 0 || refundedOf(authorizationId) + amountPence > captured)
        throw new Error(`Cannot refund ${amountPence} of ${authorizationId}: more than was captured`);
      const refundId = `sim_refund_${randomUUID()}`;
      const status = behaviour === 'failed' ? 'failed' : behaviour === 'pending' ? 'pending' : 'succeeded';
      refunds.set(reference, { refundId, authorizationId, amountPence, status });
      return status === 'failed' ? { status, refundId, reason: REFUSED } : { status, refundId };
    },
    async refundStatus(refundId) {
      const found = [...refunds.values()].find((r) => r.refundId === refundId);
      if (!found) throw new Error(`Unknown refund ${refundId}`);
      if (found.status === 'pending') found.status = 'succeeded';
      return found.status === 'failed' ? { status: 'failed', refundId, reason: REFUSED } : { status: found.status, refundId };
    },
  };
}
