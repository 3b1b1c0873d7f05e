import { cardBrandName } from './card.ts';
import { formatPence } from './money.ts';

/** A charge as it was paid: its amount, what of it the renter's Toolshed balance paid, and the card. */
export interface PaidCharge {
  amountPence: number;
  /** The part the balance paid (0: the card paid it all). */
  balancePence: number;
  card: { brand: string; last4: string };
}

/** 'Visa ending 4242' ('Card ending 4242' for a brand it does not know). */
export const cardEnding = (card: { brand: string; last4: string }) => `${cardBrandName(card.brand) ?? 'Card'} ending ${card.last4}`;

/**
 * How a charge was paid, in words every screen and email shares: 'Paid by Visa ending 4242', 'Paid
 * from your Toolshed balance', or 'Paid £12.00 from your Toolshed balance and £49.60 by Visa ending 4242'.
 */
export function paidWithText({ amountPence, balancePence, card }: PaidCharge): string {
  const fromBalance = Math.min(Math.max(0, balancePence), amountPence);
  if (fromBalance === 0) return `Paid by ${cardEnding(card)}`;
  if (fromBalance === amountPence) return 'Paid from your Toolshed balance';
  return `Paid ${formatPence(fromBalance)} from your Toolshed balance and ${formatPence(amountPence - fromBalance)} by ${cardEnding(card)}`;
}
