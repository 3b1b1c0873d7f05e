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
  if (compareDates(full.startDate, today) < 0 || compareDates(full.endDate, full.startDate) < 0 || !isRangeFree(full, booked)) {
    return { kind: 'unavailable', label: 'Unavailable for Selected Dates', disabled: true };
  }
  const days = daysInclusive(full.startDate, full.endDate);
  if (days < limits.minDays) return { kind: 'too-short', label: `Minimum ${limits.minDays} days required`, disabled: true };
  if (days > limits.maxDays) return { kind: 'too-long', label: `Maximum ${limits.maxDays} days allowed`, disabled: true };
  return { kind: 'ready', label: 'Add to Wheelbarrow', disabled: false, days };
}
