/**
 * What the catalogue repository answers (cards, the popup's item, map points, category tiles) and
 * the rows its statements return, with the mapping from one to the other.
 */
import type { CancellationPolicy, DateRange } from '@toolshed/core';
import { toInt, toIntOrNull, toIsoDateOrNull, toNumber, toNumberOrNull } from '../../db/row-values.ts';
import { metresOfChord } from './near-sql.ts';

/** A browse tile: a category with its listed items and its picture. */
export interface CategorySummary {
  id: string;
  name: string;
  description: string;
  itemCount: number;
  /** The tile's picture: the newest listed item with a photo, and that photo; null when none has one. */
  picture: { itemName: string; largeKey: string; thumbKey: string } | null;
}

export type CategoryHeading = Pick<CategorySummary, 'id' | 'name' | 'description'>;

/** An item's owner as browse and the item show them. */
export interface OwnerBrief {
  id: string;
  name: string;
  picture: string | null;
  rating: number | null;
  totalRatings: number;
}

/** A browse card. */
export interface ItemSummary {
  id: string;
  name: string;
  description: string;
  categoryId: string;
  dailyRatePence: number;
  minDays: number;
  maxDays: number;
  city: string | null;
  owner: OwnerBrief;
  /** The first photo's keys; null without a photo. */
  image: { largeKey: string; thumbKey: string } | null;
  /** With a location: great-circle metres to the item's public point (null when it has none). */
  distanceMetres: number | null;
}

/** The item the popup shows, with what blocks booking it. */
export interface ItemRecord {
  id: string;
  name: string;
  description: string;
  categoryId: string;
  categoryName: string;
  dailyRatePence: number;
  /** The refundable deposit held at checkout (0: none). */
  depositPence: number;
  minDays: number;
  maxDays: number;
  /** Calendar terms (migration 0027). */
  bookingMode: 'instant' | 'request';
  bufferDays: number;
  /** What a renter's cancellation gets back (migration 0083). */
  cancellationPolicy: CancellationPolicy;
  weeklyRatePence: number | null;
  /** What the owner asks of renters (migration 0026). */
  requireVerifiedPhone: boolean;
  minCompletedRentals: number;
  available: boolean;
  /** Held back by members' reports until reviewed (migration 0072): only its owner may open it. */
  hiddenPendingReview: boolean;
  address: string | null;
  city: string | null;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
  locationApproximate: boolean;
  /** The public point (migration 0023): what anyone but the owner is shown. */
  publicLatitude: number | null;
  publicLongitude: number | null;
  owner: OwnerBrief;
  /** The owner's vacation end (YYYY-MM-DD) or null; see profile/vacation-sql.ts. */
  ownerVacationUntil: string | null;
  /** Photos in order. */
  images: Array<{ largeKey: string; thumbKey: string }>;
  /** Active rentals and held requests not over by today, without their buffer days. */
  bookedRanges: DateRange[];
  /** Days the owner's other calendars say are busy, ending today or later (calendar sync). */
  blockedRanges: DateRange[];
}

export interface MapPoint {
  id: string;
  name: string;
  dailyRatePence: number;
  publicLatitude: number;
  publicLongitude: number;
  /** With a location: metres to the public point. */
  distanceMetres: number | null;
}

// The rows as the statements return them, and their mapping to what the repository answers.

export interface CategoryRow {
  id: string;
  name: string;
  description: string;
  item_count: unknown;
  picture_item: string | null;
  picture_large_key: string | null;
  picture_thumb_key: string | null;
}

interface OwnerColumns {
  owner_id: string;
  owner_name: string;
  owner_picture: string | null;
  owner_rating: unknown;
  owner_total_ratings: unknown;
}

export interface ItemSummaryRow extends OwnerColumns {
  id: string;
  name: string;
  description: string;
  category_id: string;
  daily_rate_pence: unknown;
  min_days: unknown;
  max_days: unknown;
  city: string | null;
  large_key: string | null;
  thumb_key: string | null;
  chord_m?: unknown;
}

export interface ItemDetailRow extends OwnerColumns {
  id: string;
  name: string;
  description: string;
  category_id: string;
  category_name: string;
  daily_rate_pence: unknown;
  deposit_pence: unknown;
  min_days: unknown;
  max_days: unknown;
  booking_mode: 'instant' | 'request';
  buffer_days: unknown;
  cancellation_policy: CancellationPolicy;
  weekly_rate_pence: unknown;
  require_verified_phone: boolean;
  min_completed_rentals: unknown;
  available: boolean;
  hidden_pending_review: boolean;
  address: string | null;
  city: string | null;
  postcode: string | null;
  latitude: unknown;
  longitude: unknown;
  location_approximate: boolean;
  public_latitude: unknown;
  public_longitude: unknown;
  owner_vacation_until: unknown;
  images: Array<{ large_key: string; thumb_key: string; position: number }>;
  booked_ranges: DateRange[];
  blocked_ranges: DateRange[];
}

export interface MapPointRow {
  id: string;
  name: string;
  daily_rate_pence: unknown;
  public_latitude: unknown;
  public_longitude: unknown;
  chord_m?: unknown;
}

/** Great-circle metres from the chord a browse statement returns (`chordFrom`); null without a point. */
function metresOrNull(chord: unknown): number | null {
  const value = toNumberOrNull(chord, 'chord_m');
  return value === null ? null : metresOfChord(value);
}

export function toCategory(r: CategoryRow): CategorySummary {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    itemCount: toInt(r.item_count, 'item_count'),
    picture:
      r.picture_item && r.picture_large_key && r.picture_thumb_key
        ? { itemName: r.picture_item, largeKey: r.picture_large_key, thumbKey: r.picture_thumb_key }
        : null,
  };
}

function toOwner(r: OwnerColumns): OwnerBrief {
  return {
    id: r.owner_id,
    name: r.owner_name,
    picture: r.owner_picture,
    rating: toNumberOrNull(r.owner_rating, 'owner_rating'),
    totalRatings: toInt(r.owner_total_ratings, 'owner_total_ratings'),
  };
}

export function toItemSummary(r: ItemSummaryRow): ItemSummary {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    categoryId: r.category_id,
    dailyRatePence: toInt(r.daily_rate_pence, 'daily_rate_pence'),
    minDays: toInt(r.min_days, 'min_days'),
    maxDays: toInt(r.max_days, 'max_days'),
    city: r.city,
    owner: toOwner(r),
    image: r.large_key && r.thumb_key ? { largeKey: r.large_key, thumbKey: r.thumb_key } : null,
    distanceMetres: metresOrNull(r.chord_m),
  };
}

export function toItemRecord(r: ItemDetailRow): ItemRecord {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    categoryId: r.category_id,
    categoryName: r.category_name,
    dailyRatePence: toInt(r.daily_rate_pence, 'daily_rate_pence'),
    depositPence: toInt(r.deposit_pence, 'deposit_pence'),
    minDays: toInt(r.min_days, 'min_days'),
    maxDays: toInt(r.max_days, 'max_days'),
    bookingMode: r.booking_mode,
    bufferDays: toInt(r.buffer_days, 'buffer_days'),
    cancellationPolicy: r.cancellation_policy,
    weeklyRatePence: toIntOrNull(r.weekly_rate_pence, 'weekly_rate_pence'),
    requireVerifiedPhone: r.require_verified_phone,
    minCompletedRentals: toInt(r.min_completed_rentals, 'min_completed_rentals'),
    available: r.available,
    hiddenPendingReview: r.hidden_pending_review,
    address: r.address,
    city: r.city,
    postcode: r.postcode,
    latitude: toNumberOrNull(r.latitude, 'latitude'),
    longitude: toNumberOrNull(r.longitude, 'longitude'),
    locationApproximate: r.location_approximate,
    publicLatitude: toNumberOrNull(r.public_latitude, 'public_latitude'),
    publicLongitude: toNumberOrNull(r.public_longitude, 'public_longitude'),
    owner: toOwner(r),
    ownerVacationUntil: toIsoDateOrNull(r.owner_vacation_until, 'owner_vacation_until'),
    images: r.images.map((m) => ({ largeKey: m.large_key, thumbKey: m.thumb_key })),
    bookedRanges: r.booked_ranges,
    blockedRanges: r.blocked_ranges,
  };
}

export function toMapPoint(r: MapPointRow): MapPoint {
  return {
    id: r.id,
    name: r.name,
    dailyRatePence: toInt(r.daily_rate_pence, 'daily_rate_pence'),
    publicLatitude: toNumber(r.public_latitude, 'public_latitude'),
    publicLongitude: toNumber(r.public_longitude, 'public_longitude'),
    distanceMetres: metresOrNull(r.chord_m),
  };
}
