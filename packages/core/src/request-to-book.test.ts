import { describe, expect, it } from 'vitest';
import { requestExpiresAt } from './calendar-terms.ts';
import { availableTransitions, isCurrentRental, rentalState, transitionRefusal, type RentalFacts } from './rental-lifecycle.ts';

const today = '2030-06-05';
const pending: RentalFacts = { startDate: '2030-06-10', endDate: '2030-06-12', returned: false, cancelled: false, request: 'pending' };

describe('request to book in the rental lifecycle', () => {
  it('a pending request is requested, current, and the owner may accept or decline it', () => {
    expect(rentalState(pending, today)).toBe('requested');
    expect(isCurrentRental('requested')).toBe(true);
    expect(availableTransitions(pending, 'owner', today)).toEqual(['accept_request', 'decline_request']);
    expect(availableTransitions(pending, 'renter', today)).toEqual(['withdraw_request']);
  });

  it('an accepted request is an upcoming rental like any other', () => {
    const accepted = { ...pending, request: 'accepted' as const };
    expect(rentalState(accepted, today)).toBe('upcoming');
    expect(availableTransitions(accepted, 'renter', today)).toContain('cancel_by_renter');
    expect(transitionRefusal('accept_request', accepted, 'owner', today)).toBe('This request has already been accepted.');
  });

  it.each([
    [
      'after a decline',
      { ...pending, request: 'declined' as const, cancelled: true },
      'owner',
      'This request was declined, so it can no longer be accepted.',
    ],
    [
      'after it expired (closed)',
      { ...pending, request: 'expired' as const, cancelled: true },
      'owner',
      'This request has expired: its dates were freed and nothing was charged.',
    ],
    [
      'after it expired (not yet closed)',
      { ...pending, requestExpired: true },
      'owner',
      'This request has expired: its dates were freed and nothing was charged.',
    ],
    ['by the renter', pending, 'renter', 'Only the owner can accept or decline a request.'],
    ['an instant booking', { ...pending, request: null }, 'owner', 'This rental was booked instantly: there is no request to answer.'],
  ] as const)('accepting is refused %s', (_case, facts, role, message) => {
    expect(transitionRefusal('accept_request', facts, role, today)).toBe(message);
  });

  it('only Toolshed expires a request, and only once its hold has run out', () => {
    expect(transitionRefusal('expire_request', pending, 'system', today)).toBe('This request is still waiting for the owner.');
    expect(transitionRefusal('expire_request', { ...pending, requestExpired: true }, 'system', today)).toBeNull();
    expect(transitionRefusal('expire_request', { ...pending, request: 'accepted' }, 'system', today)).toBe(
      'This request has already been answered.',
    );
  });
});

describe('the renter withdraws a request', () => {
  it('while it waits: the renter sees Withdraw (not Cancel), the owner does not', () => {
    expect(availableTransitions(pending, 'renter', today)).toEqual(['withdraw_request']);
    expect(transitionRefusal('withdraw_request', pending, 'owner', today)).toBe('Only the renter can withdraw a request.');
    expect(transitionRefusal('cancel_by_renter', pending, 'renter', today)).toBe(
      'This request is waiting for the owner: withdraw it instead (nothing is charged).',
    );
  });

  it.each<[string, RentalFacts, string]>([
    ['withdrawn already', { ...pending, request: 'withdrawn', cancelled: true }, 'You have already withdrawn this request.'],
    ['declined', { ...pending, request: 'declined', cancelled: true }, 'The owner declined this request, so there is nothing to withdraw.'],
    ['accepted', { ...pending, request: 'accepted' }, 'The owner has accepted this request: cancel the rental instead.'],
    [
      'expired, not yet closed',
      { ...pending, requestExpired: true },
      'This request has expired: its dates were freed and nothing was charged.',
    ],
    ['an instant booking', { ...pending, request: null }, 'This rental was booked instantly: there is no request to withdraw.'],
  ])('is refused once %s', (_, facts, message) => {
    expect(transitionRefusal('withdraw_request', facts, 'renter', today)).toBe(message);
  });

  it('a withdrawn request can no longer be answered', () => {
    const withdrawn: RentalFacts = { ...pending, request: 'withdrawn', cancelled: true };
    expect(rentalState(withdrawn, today)).toBe('cancelled');
    for (const t of ['accept_request', 'decline_request'] as const)
      expect(transitionRefusal(t, withdrawn, 'owner', today)).toBe(
        'The renter withdrew this request, so it can no longer be accepted or declined.',
      );
    expect(availableTransitions(withdrawn, 'owner', today)).toEqual([]);
  });
});

describe('requestExpiresAt: 24 hours, or the start of its first day in London, the earlier', () => {
  it('24 hours when the start is further away', () => {
    expect(requestExpiresAt(new Date('2030-06-05T09:30:00Z'), '2030-06-10').toISOString()).toBe('2030-06-06T09:30:00.000Z');
  });
  it('midnight London time at the start of the first day when that is sooner (summer time)', () => {
    expect(requestExpiresAt(new Date('2030-06-05T09:30:00Z'), '2030-06-06').toISOString()).toBe('2030-06-05T23:00:00.000Z');
  });
  it('in winter, London midnight is UTC midnight', () => {
    expect(requestExpiresAt(new Date('2030-01-15T20:00:00Z'), '2030-01-16').toISOString()).toBe('2030-01-16T00:00:00.000Z');
  });
});
