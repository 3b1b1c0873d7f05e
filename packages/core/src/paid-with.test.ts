import { describe, expect, it } from 'vitest';
import { paidWithText } from './paid-with.ts';

const card = { brand: 'visa', last4: '4242' };

describe('how a charge was paid, in words', () => {
  it('names the card, the balance, or both with their parts', () => {
    expect(paidWithText({ amountPence: 6160, balancePence: 0, card })).toBe('Paid by Visa ending 4242');
    expect(paidWithText({ amountPence: 6160, balancePence: 6160, card })).toBe('Paid from your Toolshed balance');
    expect(paidWithText({ amountPence: 6160, balancePence: 1200, card })).toBe(
      'Paid £12.00 from your Toolshed balance and £49.60 by Visa ending 4242',
    );
  });

  it('never says more came from the balance than was charged, and names an unknown brand plainly', () => {
    expect(paidWithText({ amountPence: 500, balancePence: 900, card })).toBe('Paid from your Toolshed balance');
    expect(paidWithText({ amountPence: 500, balancePence: 0, card: { brand: 'other', last4: '0005' } })).toBe('Paid by Card ending 0005');
  });
});
