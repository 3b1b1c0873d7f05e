import { clampRange, compareDates, type IsoDate, type RentalLimits } from '@toolshed/core';

/** What the renter has picked so far: nothing, a start only, or a start and an end. */
export interface PickedRange {
  startDate?: IsoDate;
  endDate?: IsoDate;
}

/**
 * The range after one more click on the calendar. The first click picks the start; the second
 * picks the end and applies the spec's clamping rule (too short moves the end to start + minDays - 1,
 * too long to start + maxDays - 1). A click before the start, or after a finished range, starts over.
 */
export function pickDate(current: PickedRange, clicked: IsoDate, limits: RentalLimits): PickedRange {
  const { startDate, endDate } = current;
  if (!startDate || endDate || compareDates(clicked, startDate) < 0) return { startDate: clicked };
  return clampRange({ startDate, endDate: clicked }, limits);
}
