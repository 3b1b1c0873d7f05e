import { rangeProblem } from './booking-range.ts';
import { compareDates, formatDate, type IsoDate } from './dates.ts';

export interface CheckoutLineFacts {
  itemName: string;
  startDate: IsoDate;
  endDate: IsoDate;
  minDays: number;
  maxDays: number;
  /** Listed and not deleted. */
  listed: boolean;
  ownerId: string;
  /** The owner is away until this date (inclusive); null when not on vacation. */
  ownerAwayUntil: IsoDate | null;
}

/**
 * Why a wheelbarrow line cannot be booked, or null. The server checks every line with this before
 * inserting rentals; overlapping bookings are refused by the database itself.
 */
export function checkoutLineProblem(line: CheckoutLineFacts, renterId: string, today: IsoDate): string | null {
  const name = line.itemName;
  if (!line.listed) return `${name} is no longer available to rent.`;
  if (line.ownerId === renterId) return `You cannot rent your own item (${name}).`;
  const problem = rangeProblem(line, line, today);
  if (problem?.kind === 'reversed') return `${name}: the end date is before the start date.`;
  if (problem?.kind === 'past') return `${name}: the dates start in the past (${formatDate(line.startDate)}).`;
  if (problem?.kind === 'too-short') return `${name} must be rented for at least ${problem.minDays} days.`;
  if (problem?.kind === 'too-long') return `${name} can be rented for at most ${problem.maxDays} days.`;
  if (line.ownerAwayUntil && compareDates(line.startDate, line.ownerAwayUntil) <= 0) {
    return `${name}: the owner is away until ${formatDate(line.ownerAwayUntil)}.`;
  }
  return null;
}
