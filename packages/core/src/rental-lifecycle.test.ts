import { describe, expect, it } from 'vitest';
import { availableTransitions, isCurrentRental, rentalState, transitionRefusal, type RentalFacts } from './rental-lifecycle.ts';

const today = '2026-11-22';
const r = (startDate: string, endDate: string, extra: Partial<RentalFacts> = {}): RentalFacts => ({
  startDate,
  endDate,
  returned: false,
  cancelled: false,
  ...extra,
});

const upcoming = r('2026-11-23', '2026-11-25');
const startsToday = r('2026-11-22', '2026-11-24');
const endsToday = r('2026-11-20', '2026-11-22');
const overdue = r('2026-11-10', '2026-11-12');
const completed = r('2026-11-10', '2026-11-12', { returned: true });
const cancelled = r('2026-11-25', '2026-11-27', { cancelled: true });

describe('rental states', () => {
  it.each([
    [upcoming, 'upcoming'],
    [startsToday, 'active'],
    [endsToday, 'active'],
    [overdue, 'overdue'],
    [completed, 'completed'],
    [cancelled, 'cancelled'],
  ])('%o is %s', (rental, state) => {
    expect(rentalState(rental, today)).toBe(state);
  });

  it('puts upcoming, active and overdue in the first tab', () => {
    expect(['upcoming', 'active', 'overdue', 'completed', 'cancelled'].filter((s) => isCurrentRental(s as never))).toEqual([
      'upcoming',
      'active',
      'overdue',
    ]);
  });
});

describe('who may do what, and when', () => {
  it.each([
    [upcoming, 'renter', ['cancel_by_renter']],
    [upcoming, 'owner', ['cancel_by_owner']],
    [startsToday, 'renter', []],
    [startsToday, 'owner', ['mark_returned']],
    [overdue, 'owner', ['mark_returned']],
    [completed, 'renter', ['review_by_renter']],
    [completed, 'owner', ['review_by_owner']],
    [{ ...completed, reviewedByRenter: true }, 'renter', []],
    [{ ...completed, reviewedByRenter: true }, 'owner', ['review_by_owner']],
    [cancelled, 'renter', []],
    [cancelled, 'owner', []],
  ] as const)('%o as %s: %o', (rental, role, actions) => {
    expect(availableTransitions(rental, role, today)).toEqual(actions);
  });

  it.each([
    ['cancel_by_renter', cancelled, 'renter', 'This rental has already been cancelled.'],
    ['cancel_by_renter', startsToday, 'renter', 'This rental has already started, so it can no longer be cancelled.'],
    ['cancel_by_owner', overdue, 'owner', 'This rental has already started, so it can no longer be cancelled.'],
    ['cancel_by_owner', completed, 'owner', 'This rental has been returned, so it can no longer be cancelled.'],
    ['cancel_by_owner', upcoming, 'renter', 'That is for the other party of this rental.'],
    ['mark_returned', upcoming, 'owner', 'This rental has not started yet, so it cannot be marked returned.'],
    ['mark_returned', completed, 'owner', 'This rental has already been marked returned.'],
    ['mark_returned', cancelled, 'owner', 'This rental was cancelled, so it cannot be marked returned.'],
    ['mark_returned', startsToday, 'renter', 'Only the owner can mark a rental returned.'],
    ['review_by_renter', startsToday, 'renter', 'A rental can be reviewed once it has been returned.'],
    ['review_by_owner', cancelled, 'owner', 'A rental can be reviewed once it has been returned.'],
    ['review_by_owner', { ...completed, reviewedByOwner: true }, 'owner', 'You have already reviewed this rental.'],
  ] as const)('%s on %o as %s is refused: %s', (transition, rental, role, message) => {
    expect(transitionRefusal(transition, rental, role, today)).toBe(message);
  });

  it('lets either side cancel on the day before the start, and neither on the start date (London dates)', () => {
    const tomorrow = r('2026-11-23', '2026-11-23');
    expect(transitionRefusal('cancel_by_renter', tomorrow, 'renter', '2026-11-22')).toBeNull();
    expect(transitionRefusal('cancel_by_owner', tomorrow, 'owner', '2026-11-22')).toBeNull();
    expect(transitionRefusal('cancel_by_renter', tomorrow, 'renter', '2026-11-23')).not.toBeNull();
  });
});
