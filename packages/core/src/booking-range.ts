import { addDays, compareDates, daysInclusive, type IsoDate } from './dates.ts';

/** An inclusive range of calendar dates. */
export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

export interface RentalLimits {
  minDays: number;
  maxDays: number;
}

/** Inclusive ranges overlap when each starts on or before the other's end. */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return compareDates(a.startDate, b.endDate) <= 0 && compareDates(b.startDate, a.endDate) <= 0;
}

export function isRangeFree(range: DateRange, booked: readonly DateRange[]): boolean {
  return !booked.some((b) => rangesOverlap(range, b));
}

export function isDateBooked(date: IsoDate, booked: readonly DateRange[]): boolean {
  return booked.some((b) => compareDates(b.startDate, date) <= 0 && compareDates(date, b.endDate) <= 0);
}

/**
 * The spec's clamping rule for a picked range: shorter than minDays moves the end to
 * start + minDays - 1; longer than maxDays moves it to start + maxDays - 1.
 */
export function clampRange(range: DateRange, limits: RentalLimits): DateRange {
  const days = daysInclusive(range.startDate, range.endDate);
  if (days < limits.minDays) return { startDate: range.startDate, endDate: addDays(range.startDate, limits.minDays - 1) };
  if (days > limits.maxDays) return { startDate: range.startDate, endDate: addDays(range.startDate, limits.maxDays - 1) };
  return range;
}

export type BookingButtonState =
  | { kind: 'select-dates'; label: 'Select Dates to Continue'; disabled: true }
  | { kind: 'unavailable'; label: 'Unavailable for Selected Dates'; disabled: true }
  | { kind: 'too-short'; label: string; disabled: true }
  | { kind: 'too-long'; label: string; disabled: true }
  | { kind: 'ready'; label: 'Add to Wheelbarrow'; disabled: false; days: number };

/** Why a chosen range cannot be booked, before asking whether its days are free. */
export type RangeProblem =
  { kind: 'reversed' } | { kind: 'past' } | { kind: 'too-short'; minDays: number } | { kind: 'too-long'; maxDays: number };

/**
 * The one booking-range rule: the end on or after the start, not before today, and a length within
 * the item's limits (both days count). The popup's button, the wheelbarrow's date editor and the
 * server's checkout each word its answer for their place.
 */
export function rangeProblem(range: DateRange, limits: RentalLimits, today: IsoDate): RangeProblem | null {
  if (compareDates(range.endDate, range.startDate) < 0) return { kind: 'reversed' };
  if (compareDates(range.startDate, today) < 0) return { kind: 'past' };
  const days = daysInclusive(range.startDate, range.endDate);
  if (days < limits.minDays) return { kind: 'too-short', minDays: limits.minDays };
  if (days > limits.maxDays) return { kind: 'too-long', maxDays: limits.maxDays };
  return null;
}

/**
 * What the Add to Wheelbarrow button says for a (possibly partial) selection. Dates before today
 * count as unavailable, like booked ones.
 */
export function bookingButtonState(
  range: Partial<DateRange> | undefined,
  limits: RentalLimits,
  booked: readonly DateRange[],
  today: IsoDate,
): BookingButtonState {
  if (!range?.startDate || !range.endDate) return { kind: 'select-dates', label: 'Select Dates to Continue', disabled: true };
  const full = { startDate: range.startDate, endDate: range.endDate };
  const problem = rangeProblem(full, limits, today);
  if (problem?.kind === 'reversed' || problem?.kind === 'past' || !isRangeFree(full, booked)) {
    return { kind: 'unavailable', label: 'Unavailable for Selected Dates', disabled: true };
  }
  if (problem?.kind === 'too-short') return { kind: 'too-short', label: `Minimum ${problem.minDays} days required`, disabled: true };
  if (problem?.kind === 'too-long') return { kind: 'too-long', label: `Maximum ${problem.maxDays} days allowed`, disabled: true };
  return { kind: 'ready', label: 'Add to Wheelbarrow', disabled: false, days: daysInclusive(full.startDate, full.endDate) };
}
