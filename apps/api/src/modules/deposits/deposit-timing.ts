import { addDays, formatDate, londonTimeToInstant, type IsoDate } from '@toolshed/core';

/** When a deposit is authorised: 24 hours before the start (London midnight of the day before). */
export const holdsAt = (startDate: IsoDate): Date => londonTimeToInstant(addDays(startDate, -1), '00:00');
/** Until when the renter may give another card: 12 hours before the start (London noon of the day before). */
export const cardNeededBy = (startDate: IsoDate): Date => londonTimeToInstant(addDays(startDate, -1), '12:00');
/** A deposit is authorised at checkout when its rental starts within 24 hours; later ones are scheduled. */
export const holdsAtCheckout = (startDate: IsoDate, at: Date): boolean => at.getTime() >= holdsAt(startDate).getTime();

/** What the renter is asked, in words, when the deposit could not be held. */
export const cardNeededText = (startDate: IsoDate) => `12:00 on ${formatDate(addDays(startDate, -1))}`;
