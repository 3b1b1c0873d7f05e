import type { CategoryId } from '../categories.ts';

/** A sample owner (also a renter and reviewer). `key` is stable and used as the id in Mock Data mode. */
export interface SampleUser {
  key: string;
  name: string;
  email: string;
  /** Joined this many days before the seed runs. */
  joinedDaysAgo: number;
}

/** A sample listing. Coordinates are real UK places matching the address and postcode. */
export interface SampleItem {
  key: string;
  categoryId: CategoryId;
  name: string;
  description: string;
  dailyRatePence: number;
  minDays: number;
  maxDays: number;
  address: string;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
  ownerKey: string;
  /** Drawn as the item with this key: a town listing of the same model shares its drawing (town-items.ts). */
  pictureKey?: string;
}

/** A review of an owner by a renter, about one item; its rating counts towards the owner's rating. */
export interface SampleReview {
  reviewerKey: string;
  revieweeKey: string;
  itemKey: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  daysAgo: number;
}

/** A rental placed relative to the day the seed runs, so that calendars always show booked days. */
export interface SampleRental {
  itemKey: string;
  renterKey: string;
  /** First day, as days from today (negative = in the past). */
  startOffsetDays: number;
  days: number;
  returned: boolean;
}
