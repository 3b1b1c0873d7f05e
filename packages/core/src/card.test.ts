import { describe, expect, it } from 'vitest';
import { cardBrand, cardDigits, cardProblems, luhnValid, TEST_CARDS } from './card.ts';

const today = '2026-11-22';
const good = { number: TEST_CARDS.success, expiry: '12/28', cvv: '123', name: 'Maya Patel' };

describe('card checks', () => {
  it('validates numbers with the Luhn check', () => {
    for (const n of Object.values(TEST_CARDS)) expect(luhnValid(cardDigits(n))).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });

  it('knows the brand', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });

  it('accepts a good card', () => {
    expect(cardProblems(good, today)).toEqual({});
    expect(cardProblems({ ...good, expiry: '11/26' }, today)).toEqual({});
    expect(cardProblems({ ...good, number: '3782 822463 10005', cvv: '1234' }, today)).toEqual({});
  });

  it.each(['X', ' X ', 'Jo'])('takes a name on the card of one letter or more: %j', (name) => {
    expect(cardProblems({ ...good, name }, today)).toEqual({});
  });

  it.each([
    [{ number: '4242 4242 4242 4241' }, 'number'],
    [{ number: 'abcd' }, 'number'],
    [{ expiry: '10/26' }, 'expiry'],
    [{ expiry: '13/27' }, 'expiry'],
    [{ expiry: '1227' }, 'expiry'],
    [{ cvv: '12' }, 'cvv'],
    [{ cvv: '1234' }, 'cvv'],
    [{ name: ' ' }, 'name'],
    [{ name: '\u200B\u00A0' }, 'name'],
    [{ name: 'M'.repeat(101) }, 'name'],
  ])('refuses %o', (change, field) => {
    expect(Object.keys(cardProblems({ ...good, ...change }, today))).toEqual([field]);
  });
});
