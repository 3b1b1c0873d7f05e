import type { DateRange } from '../booking-range.ts';
import { addDays, type IsoDate } from '../dates.ts';
import { SAMPLE_ITEMS } from './items.ts';
import { SAMPLE_REVIEWS } from './reviews.ts';
import type { SampleItem, SampleRental, SampleUser } from './types.ts';
import { SAMPLE_USERS } from './users.ts';

const usersByKey = new Map(SAMPLE_USERS.map((u) => [u.key, u]));
const itemsByKey = new Map(SAMPLE_ITEMS.map((i) => [i.key, i]));

export function sampleUser(key: string): SampleUser | undefined {
  return usersByKey.get(key);
}

export function sampleItem(key: string): SampleItem | undefined {
  return itemsByKey.get(key);
}

export interface SampleOwnerRating {
  /** Average of the ratings received, rounded to 2 decimals; null when nobody has rated them. */
  rating: number | null;
  totalRatings: number;
}

export function sampleOwnerRating(userKey: string): SampleOwnerRating {
  const ratings = SAMPLE_REVIEWS.filter((r) => r.revieweeKey === userKey).map((r) => r.rating);
  if (ratings.length === 0) return { rating: null, totalRatings: 0 };
  const average = ratings.reduce<number>((sum, r) => sum + r, 0) / ratings.length;
  return { rating: Math.round(average * 100) / 100, totalRatings: ratings.length };
}

/** The rental's inclusive calendar dates when the catalogue is used on `today`. */
export function sampleRentalRange(rental: SampleRental, today: IsoDate): DateRange {
  const startDate = addDays(today, rental.startOffsetDays);
  return { startDate, endDate: addDays(startDate, rental.days - 1) };
}
