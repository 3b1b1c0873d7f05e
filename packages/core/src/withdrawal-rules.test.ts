import { describe, expect, it } from 'vitest';
import { INVALID_AMOUNT, parsePoundsToPence, payoutCardProblems, withdrawalProblems } from './withdrawal-rules.ts';
import { canMovePayment } from './payment-state.ts';

const today = '2026-11-22';
const card = { number: '4242 4242 4242 4242', expiry: '11/26', cvv: '123' };

describe('withdrawal amounts', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['£1,012.05', 101205],
    ['0.01', 1],
    ['12.345', null],
    ['-5', null],
    ['abc', null],
    ['', null],
    ['1e3', null],
  ])('reads %s as %s pence', (typed, pence) => {
    expect(parsePoundsToPence(typed)).toBe(pence);
  });

  it.each([
    ['0', 5000, INVALID_AMOUNT],
    ['50.01', 5000, INVALID_AMOUNT],
    ['50', 5000, undefined],
    ['oops', 5000, INVALID_AMOUNT],
  ])('%s from a balance of %s pence: %s', (amount, available, problem) => {
    expect(withdrawalProblems({ amount, card }, available, today).amount).toBe(problem);
  });
});

describe('payout cards', () => {
  it('accepts 13 to 19 digits with spaces that pass Luhn, an expiry this month or later, and a 3 or 4 digit code', () => {
    expect(payoutCardProblems(card, today)).toEqual({});
    expect(payoutCardProblems({ ...card, number: '4222222222222' }, today)).toEqual({});
    expect(payoutCardProblems({ ...card, cvv: '1234' }, today)).toEqual({});
  });

  it.each([
    [{ number: '4242 4242 4242 4241' }, 'card.number'],
    [{ number: '4242-4242-4242-4242' }, 'card.number'],
    [{ number: '424242424242' }, 'card.number'],
    [{ number: '42424242424242424242' }, 'card.number'],
    [{ expiry: '10/26' }, 'card.expiry'],
    [{ expiry: '13/30' }, 'card.expiry'],
    [{ cvv: '12' }, 'card.cvv'],
    [{ cvv: '12a' }, 'card.cvv'],
  ])('refuses %o at %s', (change, field) => {
    expect(Object.keys(payoutCardProblems({ ...card, ...change }, today))).toEqual([field]);
  });
});

describe('payment states', () => {
  it('only move forward', () => {
    expect(canMovePayment('authorised', 'capture_pending')).toBe(true);
    expect(canMovePayment('capture_pending', 'captured')).toBe(true);
    expect(canMovePayment('captured', 'voided')).toBe(false);
    expect(canMovePayment('voided', 'captured')).toBe(false);
    expect(canMovePayment('captured', 'authorised')).toBe(false);
  });
});
