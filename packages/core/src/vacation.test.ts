import { describe, expect, it } from 'vitest';
import { activeVacation, vacationBlockedRange } from './vacation.ts';

describe('vacation mode', () => {
  it('is on up to and including its end date, then ends by itself', () => {
    expect(activeVacation('2026-07-10', '2026-07-01')).toBe('2026-07-10');
    expect(activeVacation('2026-07-10', '2026-07-10')).toBe('2026-07-10');
    expect(activeVacation('2026-07-10', '2026-07-11')).toBeNull();
    expect(activeVacation(null, '2026-07-11')).toBeNull();
  });

  it('blocks from today to the end date', () => {
    expect(vacationBlockedRange('2026-07-10', '2026-07-01')).toEqual({ startDate: '2026-07-01', endDate: '2026-07-10' });
    expect(vacationBlockedRange('2026-06-30', '2026-07-01')).toBeNull();
  });
});
