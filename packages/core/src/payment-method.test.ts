import { describe, expect, it } from 'vitest';
import { paymentMethodLabel } from './payment-method.ts';

describe('paymentMethodLabel', () => {
  it('names the Toolshed balance, a card with its brand and last four, and a card it does not know', () => {
    expect(paymentMethodLabel({ paymentMethod: 'balance', card: null })).toBe('Toolshed balance');
    expect(paymentMethodLabel({ paymentMethod: 'card', card: { brand: 'visa', last4: '4242' } })).toBe('Card (Visa ending 4242)');
    expect(paymentMethodLabel({ paymentMethod: 'card', card: { brand: 'amex', last4: '0005' } })).toBe(
      'Card (American Express ending 0005)',
    );
    expect(paymentMethodLabel({ paymentMethod: 'card', card: { brand: 'toString', last4: '1234' } })).toBe('Card ending 1234');
    expect(paymentMethodLabel({ paymentMethod: 'card', card: null })).toBe('Card');
  });
});
