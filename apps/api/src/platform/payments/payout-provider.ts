import type { CardBrand } from '@toolshed/core';

export type PayoutDecline = 'declined' | 'card_not_supported';

export type PayoutCardResult = { ok: true; destination: string; brand: CardBrand; last4: string } | { ok: false; reason: PayoutDecline };

export type PayoutResult = { ok: true; payoutId: string } | { ok: false; reason: PayoutDecline };

/**
 * Pays money out to a card, shaped like real payout services: the card is registered once and
 * comes back as a token (`destination`), so the number is never stored by us; the payout is then
 * sent to the token. `send` throws when the answer is unknown (network): the job retries it, so it
 * must be idempotent per `reference`.
 */
export interface PayoutProvider {
  readonly name: string;
  registerCard(card: { number: string; expiry: string; cvv: string }): Promise<PayoutCardResult>;
  send(input: { destination: string; amountPence: number; reference: string }): Promise<PayoutResult>;
}
