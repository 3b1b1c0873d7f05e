import { randomUUID } from 'node:crypto';
import { cardBrand, cardDigits, TEST_CARDS } from '@toolshed/core';
import type { DeclineReason, PaymentProvider } from './payment-provider.ts';

const OUTCOMES = new Map<string, DeclineReason>([
  [cardDigits(TEST_CARDS.declined), 'declined'],
  [cardDigits(TEST_CARDS.insufficientFunds), 'insufficient_funds'],
  [cardDigits(TEST_CARDS.processingError), 'processing_error'],
]);

/**
 * The simulated processor: no card network is reachable from here. The documented test cards
 * decline; any other card that passes the checks is approved. `delayMs` imitates the network.
 * Capture and void are idempotent, as the checkout's retries need.
 */
export function createSimulatedProcessor(options: { delayMs: number }): PaymentProvider & {
  holds: Map<string, 'held' | 'captured' | 'voided'>;
  /** What each hold was authorised for, and what a capture of part of it took. */
  amounts: Map<string, { authorised: number; captured?: number }>;
} {
  const holds = new Map<string, 'held' | 'captured' | 'voided'>();
  const amounts = new Map<string, { authorised: number; captured?: number }>();
  const wait = () => (options.delayMs > 0 ? new Promise((r) => setTimeout(r, options.delayMs)) : Promise.resolve());
  return {
    name: 'simulated',
    holds,
    amounts,
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
  };
}
