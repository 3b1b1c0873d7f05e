/**
 * Owner pages in Mock Data mode: the sample users are the owners, their keys the owner ids.
 * Answers have exactly the API's types; the contract is imported for types only (no zod in the browser).
 */
import type { BrowseFilters } from '../browse-filters.ts';
import { ALL_ITEMS_CATEGORY } from '../categories.ts';
import type { ItemsPage, OwnerProfile } from '../contract/index.ts';
import type { IsoDate } from '../dates.ts';
import { sampleItem, sampleOwnerRating, sampleUser } from './lookups.ts';
import { mockPage } from './mock-browse.ts';
import { SAMPLE_RENTALS } from './rentals.ts';
import { SAMPLE_REVIEWS } from './reviews.ts';

const DAY_MS = 86_400_000;

/** The API sends at most this many reviews with a profile. */
const MAX_REVIEWS = 50;

/** Days before `now` as a timestamp, the way the seed dates its rows. */
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/**
 * An owner's public profile with the reviews they received, newest first; null for an unknown owner.
 * `now` is when the catalogue is being shown: joining and review dates count back from it.
 */
export function mockOwnerProfile(ownerId: string, now: Date = new Date()): OwnerProfile | null {
  const user = sampleUser(ownerId);
  if (!user) return null;
  const { rating, totalRatings } = sampleOwnerRating(user.key);
  const reviews = SAMPLE_REVIEWS.map((review, index) => ({ review, index }))
    .filter(({ review }) => review.revieweeKey === user.key)
    // Same-day reviews keep catalogue order, so the list never reshuffles.
    .sort((a, b) => a.review.daysAgo - b.review.daysAgo || a.index - b.index)
    .slice(0, MAX_REVIEWS)
    .map(({ review, index }) => {
      const item = sampleItem(review.itemKey);
      return {
        // Sample reviews have no id of their own; their place in the catalogue is stable.
        id: `sample-review-${index + 1}`,
        rating: review.rating,
        comment: review.comment,
        reviewerId: review.reviewerKey,
        reviewerName: sampleUser(review.reviewerKey)?.name ?? 'Unknown User',
        itemId: item ? item.key : null,
        itemName: item ? item.name : null,
        date: daysBefore(now, review.daysAgo),
      };
    });
  return {
    id: user.key,
    name: user.name,
    picture: null,
    rating,
    totalRatings,
    memberSince: daysBefore(now, user.joinedDaysAgo),
    // As the seed writes them: sample members have confirmed their email, returned on time and had no claims.
    record: {
      emailVerified: true,
      phoneVerified: false,
      rentalsCompleted: SAMPLE_RENTALS.filter((r) => r.returned && r.renterKey === user.key).length,
      returnedOnTime: SAMPLE_RENTALS.filter((r) => r.returned && r.renterKey === user.key).length,
      lendingsCompleted: SAMPLE_RENTALS.filter((r) => r.returned && sampleItem(r.itemKey)?.ownerKey === user.key).length,
      claimsUpheldAgainst: 0,
    },
    reviews,
    reviewsTotal: reviews.length,
  };
}

/**
 * One page of an owner's listed items, with the browse filters and order of 'All Items' (as the
 * API answers /owners/{id}/items); null for an unknown owner.
 */
export function mockOwnerItems(ownerId: string, filters: BrowseFilters, today: IsoDate): ItemsPage | null {
  if (!sampleUser(ownerId)) return null;
  return mockPage({ ...ALL_ITEMS_CATEGORY }, (item) => item.ownerKey === ownerId, filters, today);
}
