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
export function createSimulatedProcessor(options: { delayMs: number }): PaymentProvider & { holds: Map<string, 'held' | 'captured' | 'voided'> } {
  const holds = new Map<string, 'held' | 'captured' | 'voided'>();
  const wait = () => (options.delayMs > 0 ? new Promise((r) => setTimeout(r, options.delayMs)) : Promise.resolve());
  return {
    name: 'simulated',
    holds,
    async authorize({ card }) {
      await wait();
      const digits = cardDigits(card.number);
      const decline = OUTCOMES.get(digits);
      if (decline) return { ok: false, reason: decline };
      const authorizationId = `sim_auth_${randomUUID()}`;
      holds.set(authorizationId, 'held');
      return { ok: true, authorizationId, brand: cardBrand(digits), last4: digits.slice(-4) };
    },
    // Like a real processor, capturing twice is harmless and a voided hold cannot be captured. A hold
    // this process never saw was made before a restart (the simulator keeps holds in memory).
    async capture(id) {
      if (holds.get(id) === 'voided') throw new Error(`Cannot capture ${id}: it was voided`);
      holds.set(id, 'captured');
    },
    async void(id) {
      if (holds.get(id) === 'held') holds.set(id, 'voided');
    },
  };
}
