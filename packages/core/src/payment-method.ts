import { cardBrandName } from './card.ts';

/** How a transaction's money moved: by card, to a bank account (a withdrawal), or in and out of the user's Toolshed balance. */
export type PaymentMethod = 'card' | 'bank' | 'balance';

/**
 * What the transactions list and its CSV call a transaction's payment method:
 * 'Card (Visa ending 4242)', 'Card' when the card is not known, 'Bank account ending 4958', or 'Toolshed balance'.
 */
export function paymentMethodLabel(t: { paymentMethod: PaymentMethod; card: { brand: string; last4: string } | null }): string {
  if (t.paymentMethod === 'balance') return 'Toolshed balance';
  if (t.paymentMethod === 'bank') return t.card ? `Bank account ending ${t.card.last4}` : 'Bank account';
  if (!t.card) return 'Card';
  const brand = cardBrandName(t.card.brand);
  return brand ? `Card (${brand} ending ${t.card.last4})` : `Card ending ${t.card.last4}`;
}
