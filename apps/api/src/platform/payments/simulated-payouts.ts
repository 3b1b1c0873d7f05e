import { randomUUID } from 'node:crypto';
import { cardBrand, cardDigits, TEST_CARDS } from '@toolshed/core';
import type { PayoutProvider } from './payout-provider.ts';

/** Payout cards that are accepted but whose payout is refused when it is sent (docs/PAYMENTS.md). */
const FAILING = new Set([
  cardDigits(TEST_CARDS.declined),
  cardDigits(TEST_CARDS.insufficientFunds),
  cardDigits(TEST_CARDS.processingError),
]);

/**
 * The simulated payout service: no card network is reachable from here. Cards are tokenised in
 * memory; a payout to one of the documented failing test cards is refused, any other is paid. A
 * token this process never issued (made before a restart) is paid. Payouts are idempotent by reference.
 */
export function createSimulatedPayouts(): PayoutProvider & { sent: Map<string, { destination: string; amountPence: number }> } {
  const failing = new Set<string>();
  const sent = new Map<string, { destination: string; amountPence: number }>();
  return {
    name: 'simulated',
    sent,
    async registerCard(card) {
      const digits = cardDigits(card.number);
      const destination = `sim_card_${randomUUID()}`;
      if (FAILING.has(digits)) failing.add(destination);
      return { ok: true, destination, brand: cardBrand(digits), last4: digits.slice(-4) };
    },
    async send({ destination, amountPence, reference }) {
      if (failing.has(destination)) return { ok: false, reason: 'declined' };
      if (!sent.has(reference)) sent.set(reference, { destination, amountPence });
      return { ok: true, payoutId: `sim_payout_${reference}` };
    },
  };
}
