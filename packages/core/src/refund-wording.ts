import { cardBrandName } from './card.ts';
import { formatPence } from './money.ts';

/** What processors say of a refund to a card, shown beside each one. */
export const CARD_REFUND_TIME = 'Refunds usually reach your card in 5-10 working days.';

export interface RefundParts {
  toCards: ReadonlyArray<{ amountPence: number; card: { brand: string; last4: string } | null }>;
  toBalancePence: number;
}

const cardName = (card: { brand: string; last4: string } | null) => {
  if (!card) return 'the card it was paid with';
  const brand = cardBrandName(card.brand);
  return brand ? `${brand} ending ${card.last4}` : `the card ending ${card.last4}`;
};

/**
 * Where a cancelled rental's money went, as the renter reads it on the rental and in the email:
 * 'Refunded £17.60 to Visa ending 4242.' for each card, then what went to the Toolshed balance, then
 * the processors' usual time when a card was refunded. Empty when nothing was refunded.
 */
export function refundSentences(parts: RefundParts): string {
  const said = parts.toCards.filter((c) => c.amountPence > 0).map((c) => `Refunded ${formatPence(c.amountPence)} to ${cardName(c.card)}.`);
  if (parts.toBalancePence > 0) said.push(`${formatPence(parts.toBalancePence)} was returned to your Toolshed balance.`);
  if (parts.toCards.some((c) => c.amountPence > 0)) said.push(CARD_REFUND_TIME);
  return said.join(' ');
}
