import { randomUUID } from 'node:crypto';
import { cardBrand, cardDigits, TEST_CARDS } from '@toolshed/core';
import type { DeclineReason, PaymentProvider, RefundResult } from './payment-provider.ts';

const OUTCOMES = new Map<string, DeclineReason>([
  [cardDigits(TEST_CARDS.declined), 'declined'],
  [cardDigits(TEST_CARDS.insufficientFunds), 'insufficient_funds'],
  [cardDigits(TEST_CARDS.processingError), 'processing_error'],
]);

/**
 * The simulated processor: no card network is reachable from here. The documented test cards
 * decline; any other card that passes the checks is approved. `delayMs` imitates the network.
 * Capture and void are idempotent, as the checkout's retries need; so is a refund, by its reference.
 */
export function createSimulatedProcessor(options: { delayMs: number }): PaymentProvider & {
  holds: Map<string, 'held' | 'captured' | 'voided'>;
  /** What each hold was authorised for, and what a capture of part of it took. */
  amounts: Map<string, { authorised: number; captured?: number }>;
  /** Every refund asked for, by its reference. */
  refunds: Map<string, { refundId: string; authorizationId: string; amountPence: number; status: RefundResult['status'] }>;
  /**
   * Tests steer refunds with it: 'throw' imitates a lost answer or an outage, 'pending' a refund
   * that the network confirms later (refundStatus then answers succeeded), 'failed' a refused one.
   */
  refundBehaviour: { next: Array<'throw' | 'pending' | 'failed'> };
} {
  const holds = new Map<string, 'held' | 'captured' | 'voided'>();
  const amounts = new Map<string, { authorised: number; captured?: number }>();
  const refunds = new Map<string, { refundId: string; authorizationId: string; amountPence: number; status: RefundResult['status'] }>();
  const refundBehaviour: { next: Array<'throw' | 'pending' | 'failed'> } = { next: [] };
  const refundedOf = (authorizationId: string) =>
    [...refunds.values()]
      .filter((r) => r.authorizationId === authorizationId && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amountPence, 0);
  const wait = () => (options.delayMs > 0 ? new Promise((r) => setTimeout(r, options.delayMs)) : Promise.resolve());
  return {
    name: 'simulated',
    holds,
    amounts,
    refunds,
    refundBehaviour,
    async authorize({ card, amountPence }) {
      await wait();
      const digits = cardDigits(card.number);
      const decline = OUTCOMES.get(digits);
      if (decline) return { ok: false, reason: decline };
      const authorizationId = `sim_auth_${randomUUID()}`;
      holds.set(authorizationId, 'held');
      amounts.set(authorizationId, { authorised: amountPence });
      return { ok: true, authorizationId, brand: cardBrand(digits), last4: digits.slice(-4) };
    },
    // Like a real processor, capturing twice is harmless and a voided hold cannot be captured. A hold
    // this process never saw was made before a restart (the simulator keeps holds in memory).
    // A capture of part of a hold takes that much and releases the rest; never more than was held.
    async capture(id, amountPence) {
      if (holds.get(id) === 'voided') throw new Error(`Cannot capture ${id}: it was voided`);
      const held = amounts.get(id);
      if (held && amountPence !== undefined && amountPence > held.authorised)
        throw new Error(`Cannot capture ${amountPence} of ${id}: only ${held.authorised} was held`);
      if (held && holds.get(id) !== 'captured') held.captured = amountPence ?? held.authorised;
      holds.set(id, 'captured');
    },
    async void(id) {
      if (holds.get(id) === 'held') holds.set(id, 'voided');
    },
    // Like a real processor: the same reference answers the same refund; only captured money can be
    // refunded, and never more than was captured (a hold this process never saw is taken as captured).
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
      return status === 'failed' ? { status, refundId, reason: 'The card issuer refused the refund.' } : { status, refundId };
    },
    async refundStatus(refundId) {
      const found = [...refunds.values()].find((r) => r.refundId === refundId);
      if (!found) throw new Error(`Unknown refund ${refundId}`);
      if (found.status === 'pending') found.status = 'succeeded';
      return found.status === 'failed'
        ? { status: 'failed', refundId, reason: 'The card issuer refused the refund.' }
        : { status: found.status, refundId };
    },
  };
}
