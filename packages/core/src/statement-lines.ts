import { cardBrandName } from './card.ts';
import { formatPence } from './money.ts';

/** How one ledger posting moved one member's accounts (pence, signed as the ledger has them). */
export interface StatementMovements {
  cardPence: number;
  availablePence: number;
  pendingPence: number;
  depositHeldPence: number;
  payoutPendingPence: number;
  paidOutPence: number;
}

export type StatementType = 'sent' | 'received' | 'refund' | 'withdrawal' | 'released' | 'reversed' | 'deposit' | 'claim' | 'correction';

/** What a member's statement says of one posting: its type and its words. */
export interface StatementWords {
  type: StatementType;
  description: string;
}

const cardName = (card: { brand: string; last4: string } | null): string => {
  if (!card) return 'your card';
  // A withdrawal to a bank account carries 'bank' as its brand.
  if (card.brand === 'bank') return `bank account ending ${card.last4}`;
  const brand = cardBrandName(card.brand);
  return brand ? `${brand} ending ${card.last4}` : `the card ending ${card.last4}`;
};

/**
 * The line of a member's statement for one ledger posting (its `kind`, as core's ledger-postings.ts
 * names them), from how it moved their accounts: 'Paid by Visa ending 4242', 'Earnings, available
 * once the item is back', 'Refunded to Visa ending 4242'... A kind this does not know still gets a
 * true line ('correction', with what it moved), so a new posting never disappears from a statement.
 */
export function statementWords(kind: string, m: StatementMovements, card: { brand: string; last4: string } | null): StatementWords {
  const toBalance = m.availablePence;
  switch (kind) {
    case 'checkout':
    case 'request_accepted':
      if (m.availablePence < 0 && m.cardPence < 0)
        return {
          type: 'sent',
          description: `Paid ${formatPence(-m.availablePence)} from your Toolshed balance and ${formatPence(-m.cardPence)} by ${cardName(card)}`,
        };
      if (m.availablePence < 0) return { type: 'sent', description: 'Paid from your Toolshed balance' };
      if (m.cardPence < 0) return { type: 'sent', description: `Paid by ${cardName(card)}` };
      if (m.pendingPence !== 0) return { type: 'received', description: 'Earnings, available once the item is back' };
      break;
    case 'rental_extended':
      if (m.cardPence < 0) return { type: 'sent', description: `Extension paid by ${cardName(card)}` };
      if (toBalance < 0) return { type: 'sent', description: 'Extension paid from your Toolshed balance' };
      if (toBalance > 0) return { type: 'refund', description: 'The longer rental costs less: the difference is in your Toolshed balance' };
      if (m.pendingPence > 0) return { type: 'received', description: 'Earnings of the extension, available once the item is back' };
      if (m.pendingPence < 0) return { type: 'reversed', description: 'The longer rental costs less: earnings lowered' };
      break;
    case 'rental_cancelled': {
      if (m.pendingPence < 0 && m.cardPence === 0 && toBalance === 0)
        return { type: 'reversed', description: 'Earnings taken back: the rental was cancelled' };
      // The owner's side of a late cancellation: what its policy keeps is theirs at once.
      if (m.pendingPence < 0 && m.cardPence === 0 && toBalance > 0)
        return {
          type: 'released',
          description: `The rental was cancelled late: ${formatPence(toBalance)} kept under its cancellation policy is in your available balance`,
        };
      const parts: string[] = [];
      if (m.cardPence > 0) parts.push(`${formatPence(m.cardPence)} to ${cardName(card)}`);
      if (toBalance > 0) parts.push(`${formatPence(toBalance)} to your Toolshed balance`);
      if (parts.length > 0) return { type: 'refund', description: `Refunded ${parts.join(' and ')}` };
      break;
    }
    case 'card_refund_failed':
      return { type: 'refund', description: 'The card refund was refused: the money is in your Toolshed balance instead' };
    case 'rental_completed':
      return { type: 'released', description: 'Earnings moved to your available balance: the item is back' };
    case 'withdrawal_requested':
      return { type: 'withdrawal', description: `Withdrawal to ${cardName(card)} requested` };
    case 'withdrawal_paid':
      return { type: 'withdrawal', description: `Withdrawal paid out to ${cardName(card)}` };
    case 'withdrawal_failed':
      return { type: 'withdrawal', description: 'Withdrawal refused: the money is back in your balance' };
    case 'withdrawal_returned':
      return { type: 'withdrawal', description: `Withdrawal returned by the bank of ${cardName(card)}: the money is back in your balance` };
    case 'withdrawal_cancelled':
      return { type: 'withdrawal', description: 'Withdrawal to a card cancelled: the money is back in your balance' };
    case 'extension_reversed':
      if (m.cardPence > 0 || toBalance > 0) return { type: 'reversed', description: 'The extension could not be charged: it was reversed' };
      if (m.pendingPence < 0) return { type: 'reversed', description: 'Earnings of the extension taken back: it could not be charged' };
      return { type: 'reversed', description: 'The extension could not be charged: it was reversed' };
    case 'deposit_held':
      return { type: 'deposit', description: `${formatPence(m.depositHeldPence)} deposit held on ${cardName(card)}, not charged` };
    case 'deposit_settled': {
      if (m.depositHeldPence < 0) {
        const claimed = -m.depositHeldPence - m.cardPence;
        if (claimed === 0) return { type: 'deposit', description: `${formatPence(m.cardPence)} deposit released` };
        return {
          type: 'claim',
          description:
            m.cardPence > 0
              ? `${formatPence(claimed)} of the deposit paid to the owner for a claim; ${formatPence(m.cardPence)} released`
              : `${formatPence(claimed)} of the deposit paid to the owner for a claim`,
        };
      }
      if (toBalance > 0) return { type: 'claim', description: "Claim paid from the renter's deposit" };
      break;
    }
    case 'claim_refunded':
      if (toBalance > 0 && m.pendingPence === 0) return { type: 'refund', description: 'Claim refunded to your Toolshed balance' };
      return { type: 'claim', description: 'Claim refunded to the renter' };
    case 'capture_failed':
      return { type: 'reversed', description: 'The card could not be charged: the booking was reversed' };
  }
  return { type: 'correction', description: 'Correction' };
}
