import { describe, expect, it } from 'vitest';
import { INVALID_AMOUNT, parsePoundsToPence, withdrawalProblems } from './withdrawal-rules.ts';
import { canMovePayment } from './payment-state.ts';

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
    expect(withdrawalProblems({ amount }, available).amount).toBe(problem);
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
