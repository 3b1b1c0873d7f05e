import { describe, expect, it } from 'vitest';
import { checkoutLineProblem } from './checkout-rules.ts';

const today = '2026-11-22';
const line = {
  itemName: 'Drill',
  startDate: '2026-11-24',
  endDate: '2026-11-25',
  minDays: 2,
  maxDays: 5,
  listed: true,
  ownerId: 'owner',
  ownerAwayUntil: null,
};

describe('checkout line rules', () => {
  it('accepts a good line', () => {
    expect(checkoutLineProblem(line, 'renter', today)).toBeNull();
  });
  it.each([
    [{ listed: false }, 'renter', 'no longer available'],
    [{}, 'owner', 'your own item'],
    [{ startDate: '2026-11-21', endDate: '2026-11-22' }, 'renter', 'in the past'],
    [{ endDate: '2026-11-24' }, 'renter', 'at least 2 days'],
    [{ endDate: '2026-11-29' }, 'renter', 'at most 5 days'],
    [{ endDate: '2026-11-23' }, 'renter', 'end date is before'],
    [{ ownerAwayUntil: '2026-11-24' }, 'renter', 'away until 24 Nov 2026'],
  ])('refuses %o', (change, renter, message) => {
    expect(checkoutLineProblem({ ...line, ...change }, renter, today)).toContain(message);
  });
  it('allows booking after the owner is back', () => {
    expect(checkoutLineProblem({ ...line, ownerAwayUntil: '2026-11-23' }, 'renter', today)).toBeNull();
  });
});
