import { describe, expect, it } from 'vitest';
import { canCancel, isCurrentRental, isOverdue, rentalStatus } from './rental-status.ts';

const today = '2026-11-22';
const r = (startDate: string, endDate: string, extra: { returned?: boolean; cancelled?: boolean } = {}) => ({
  startDate,
  endDate,
  returned: extra.returned ?? false,
  cancelled: extra.cancelled ?? false,
});

describe('rental status', () => {
  it.each([
    [r('2026-11-25', '2026-11-27'), 'upcoming', false],
    [r('2026-11-22', '2026-11-23'), 'active', false],
    [r('2026-11-20', '2026-11-22'), 'active', false],
    [r('2026-11-10', '2026-11-12'), 'active', true],
    [r('2026-11-10', '2026-11-12', { returned: true }), 'completed', false],
    [r('2026-11-25', '2026-11-27', { cancelled: true }), 'cancelled', false],
  ])('%o is %s (overdue %s)', (rental, status, overdue) => {
    expect(rentalStatus(rental, today)).toBe(status);
    expect(isOverdue(rental, today)).toBe(overdue);
  });

  it('groups current and past, and allows cancelling only before the start', () => {
    expect(isCurrentRental('upcoming')).toBe(true);
    expect(isCurrentRental('completed')).toBe(false);
    expect(canCancel(r('2026-11-23', '2026-11-24'), today)).toBe(true);
    expect(canCancel(r('2026-11-22', '2026-11-24'), today)).toBe(false);
  });
});
