import { compareDates, type IsoDate } from './dates.ts';

export type RentalStatus = 'upcoming' | 'active' | 'completed' | 'cancelled';

export interface RentalFacts {
  startDate: IsoDate;
  endDate: IsoDate;
  returned: boolean;
  cancelled: boolean;
}

/**
 * A rental's status from its dates and what happened to it. A rental past its end date that has not
 * been returned is still active (and overdue): the item is still out.
 */
export function rentalStatus(r: RentalFacts, today: IsoDate): RentalStatus {
  if (r.cancelled) return 'cancelled';
  if (r.returned) return 'completed';
  if (compareDates(today, r.startDate) < 0) return 'upcoming';
  return 'active';
}

export function isOverdue(r: RentalFacts, today: IsoDate): boolean {
  return !r.cancelled && !r.returned && compareDates(r.endDate, today) < 0;
}

/** Upcoming and active rentals show in the first tab, completed and cancelled in the past tab. */
export function isCurrentRental(status: RentalStatus): boolean {
  return status === 'upcoming' || status === 'active';
}

/** The renter may cancel before the start date; so may the owner (declining). */
export function canCancel(r: RentalFacts, today: IsoDate): boolean {
  return !r.cancelled && !r.returned && compareDates(today, r.startDate) < 0;
}
