import { compareDates, type IsoDate } from './dates.ts';

/**
 * Vacation mode: while on, an owner's items cannot be booked for any day up to and including
 * `until`. It ends by itself: a date before today means 'not away'.
 */
export function activeVacation(until: IsoDate | null | undefined, today: IsoDate): IsoDate | null {
  return until && compareDates(until, today) >= 0 ? until : null;
}

/** The days a vacation blocks, as a booked-style range (today to the end date), or null. */
export function vacationBlockedRange(until: IsoDate | null | undefined, today: IsoDate): { startDate: IsoDate; endDate: IsoDate } | null {
  const active = activeVacation(until, today);
  return active ? { startDate: today, endDate: active } : null;
}
