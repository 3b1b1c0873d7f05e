/**
 * The HTTP contract of the API as zod schemas: the API validates and documents with them,
 * the web app imports their types only (type imports keep zod out of the browser bundle).
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../browse-filters.ts';
import { NEAREST_GROUP_MILES, RADIUS_MILES_WORDS } from '../near-query.ts';
import { pageParam, pageSizeParam } from './paging.ts';
import { CANCELLATION_POLICIES } from '../cancellation-policy.ts';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    reason: z.string().optional().describe("Account endpoints only: better-auth's reason, e.g. USER_ALREADY_EXISTS"),
  }),
});

export const imageSchema = z.object({
  url: z.string().describe('Large image (up to 1200 px wide)'),
  thumbUrl: z.string().describe('Thumbnail'),
  alt: z.string(),
});

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  itemCount: z.number().int(),
  picture: imageSchema.nullable().describe("The first photo of the category's newest listed item that has one, for its tile"),
});

export const categoriesResponseSchema = z.object({
  categories: z.array(categorySchema),
  totalItems: z.number().int(),
});

export const ownerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  rating: z.number().nullable().describe('Average rating received, 1 to 5; null when unrated'),
  totalRatings: z.number().int(),
});

export const itemSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  categoryId: z.string(),
  dailyRatePence: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  city: z.string().nullable(),
  owner: ownerSummarySchema,
  image: imageSchema.nullable(),
  distanceMiles: z
    .number()
    .nullable()
    .optional()
    .describe(
      "With a location: miles from it to the item's approximate public point, to a tenth under 10 miles and whole miles above; null when the item has no location",
    ),
});

export const nearAnswerSchema = z.object({
  label: z
    .string()
    .describe(
      "Where the browse is centred, as people read it: 'OX2', 'Oxford', 'a point near Jericho' (a point is never named by its coordinates)",
    ),
  latitude: z.number(),
  longitude: z.number(),
  radiusMiles: z.number().nullable().describe('null: any distance'),
});

/** A filter that keeps a search's matches out, and how many would match without it (or, for a distance, wider). */
export const browseRelaxationSchema = z.object({
  filter: z.enum(['maxPrice', 'minRating', 'dates', 'radius', 'category']).describe('The filter removed (radius: widened)'),
  radiusMiles: z.number().nullable().optional().describe('For radius: the distance that finds them; null: any distance'),
  total: z.number().int().describe('Matches without that filter (every other filter kept)'),
  totalCapped: z.boolean().optional().describe('True when more than total match (1,000+)'),
});

/** Nothing within the radius: the nearest matches beyond it, and the radius that reaches them. */
export const nearestMatchesSchema = z.object({
  city: z.string().nullable().describe("The town of the nearest match, as its listing names it ('Reading'); null when it names none"),
  distanceMiles: z.number().describe('Miles to the nearest match, rounded as on the cards'),
  radiusMiles: z
    .number()
    .nullable()
    .describe(`The smallest radius (of ${RADIUS_MILES_WORDS} miles) that reaches the nearest match; null: none does, any distance`),
  total: z.number().int().describe(`Matches within ${NEAREST_GROUP_MILES} miles of the nearest one (it included) that radius reaches`),
  totalCapped: z.boolean().optional().describe('True when more than total match (1,000+)'),
});

/** A suggestion while typing: an item's name (opens the item) or a category (opens it). */
export const searchSuggestionSchema = z.object({
  kind: z.enum(['item', 'category']),
  id: z.string().describe("The item's or the category's id"),
  label: z.string().describe("The item's or the category's name"),
  categoryId: z.string().describe("The item's category, or the category itself"),
});

export const searchSuggestionsSchema = z.object({
  query: z.string().describe('The text the suggestions answer, as sent'),
  suggestions: z.array(searchSuggestionSchema).describe('At most 8: categories first, then items, best match first'),
});

export const itemsPageSchema = z.object({
  category: z.object({ id: z.string(), name: z.string(), description: z.string() }),
  items: z.array(itemSummarySchema),
  total: z.number().int().describe('Matching items; when totalCapped is true, more than this many match'),
  totalCapped: z.boolean().optional().describe("True when the count stopped at its bound (1,000): show '1,000+'"),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: z
    .enum(['relevance', 'nearest', 'price', 'rating', 'newest'])
    .optional()
    .describe('The order of the items: the one asked for, else nearest with a location and relevance without'),
  near: nearAnswerSchema.optional().describe('Present when the browse has a location'),
  correctedSearch: z
    .string()
    .optional()
    .describe(
      "When a word of the search matched nothing and was read as a near spelling: the search as understood ('pressure washer'). Ask again with asTyped=true for the words as typed",
    ),
  relaxations: z
    .array(browseRelaxationSchema)
    .optional()
    .describe(
      'Only when nothing matches a search: how many items would match with one filter removed or widened, each filter that excludes them',
    ),
  nearest: nearestMatchesSchema
    .optional()
    .describe('Only when nothing matches within the radius and the browse has no words: the nearest matches further away'),
});

/** The map of a browse: its matches' public points, in its order, up to a bound. */
export const mapPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  dailyRatePence: z.number().int(),
  latitude: z.number().describe("The item's public point (a stable offset of a few hundred metres), to three decimal places"),
  longitude: z.number(),
  distanceMiles: z.number().nullable().optional().describe('With a location, as on the cards'),
});

export const mapPointsSchema = z.object({
  points: z.array(mapPointSchema).describe('Matching items that have a location, in the browse order, at most 500'),
  more: z.boolean().describe('True when more items match than the map was given: narrow the search or zoom in'),
  near: nearAnswerSchema.optional(),
});

export const dateRangeSchema = z.object({
  startDate: z.string().describe('YYYY-MM-DD, inclusive'),
  endDate: z.string().describe('YYYY-MM-DD, inclusive'),
});

export const locationSchema = z.object({
  address: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  approximate: z.boolean(),
});

export const itemDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  dailyRatePence: z.number().int(),
  depositPence: z.number().int().optional().describe('Refundable deposit held on the card at checkout, not charged; 0 or absent: none'),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  available: z.boolean(),
  location: locationSchema,
  owner: ownerSummarySchema,
  images: z.array(imageSchema),
  weeklyRatePence: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('Price per full week of a rental; the remaining days at the daily rate; null: none'),
  bookingMode: z
    .enum(['instant', 'request'])
    .optional()
    .describe('instant: booked at checkout; request: the owner accepts each booking (the card is authorised, captured on accept)'),
  bufferDays: z.number().int().optional().describe('Days kept free before and after each rental (0-3); already included in bookedRanges'),
  cancellationPolicy: z
    .enum(CANCELLATION_POLICIES)
    .optional()
    .describe("flexible, moderate or strict: what a renter's cancellation gets back (absent in the built-in sample data: flexible)"),
  bookedRanges: z
    .array(dateRangeSchema)
    .describe('Unreturned, uncancelled rentals and held requests, each widened by the buffer days, ending today or later'),
  distanceMiles: z
    .number()
    .nullable()
    .optional()
    .describe('Asked with near: miles from it to the public point, rounded as on the cards; null when the item has no location'),
  ownerAwayUntil: z
    .string()
    .nullable()
    .optional()
    .describe('YYYY-MM-DD: the owner is away (vacation mode); the item cannot be booked for days up to and including this one'),
  requirements: z
    .object({ requireVerifiedPhone: z.boolean(), minCompletedRentals: z.number().int() })
    .optional()
    .describe('What the owner asks of renters: a verified phone number, and rentals completed as a renter (0: none)'),
});

export const browseQuerySchema = z.object({
  search: z
    .string()
    .optional()
    .describe(
      'Words to find in the name or description: word forms, the names people use, a typing slip in longer words and the last word as a prefix count; best matches (every word, in the name) first',
    ),
  asTyped: z.string().optional().describe("'true': read no word of the search as a near spelling"),
  maxPrice: z.string().optional().describe('Highest daily rate in pounds, a number >= 0; blank means no limit'),
  startDate: z.string().optional().describe('YYYY-MM-DD, not before today in London'),
  endDate: z.string().optional().describe('YYYY-MM-DD, not before startDate'),
  minRating: z.string().optional().describe('One of 3, 3.5, 4, 4.5, 5; unrated owners are excluded'),
  page: pageParam(),
  pageSize: pageSizeParam(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  near: z.string().optional().describe("A UK postcode ('OX2 6AE'), a postcode district ('OX2'), a town ('Oxford') or 'latitude,longitude'"),
  radius: z.string().optional().describe(`Only items within ${RADIUS_MILES_WORDS} miles of near; blank or 'any' means any distance`),
  sort: z
    .string()
    .optional()
    .describe(
      'nearest (needs near), price (lowest first), rating (highest rated owners first) or newest; default: nearest with near, else relevance (items with photos whose owners are rated first, newest first within each)',
    ),
});

export type ApiCategory = z.infer<typeof categorySchema>;
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;
export type OwnerSummary = z.infer<typeof ownerSummarySchema>;
export type ItemImage = z.infer<typeof imageSchema>;
export type ItemSummary = z.infer<typeof itemSummarySchema>;
export type ItemsPage = z.infer<typeof itemsPageSchema>;
export type BrowseRelaxation = z.infer<typeof browseRelaxationSchema>;
export type NearestMatches = z.infer<typeof nearestMatchesSchema>;
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;
export type NearAnswer = z.infer<typeof nearAnswerSchema>;
export type MapPoint = z.infer<typeof mapPointSchema>;
export type MapPoints = z.infer<typeof mapPointsSchema>;
export type ItemLocation = z.infer<typeof locationSchema>;
export type ItemDetail = z.infer<typeof itemDetailSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
export * from './booking.ts';
export * from './paging.ts';
export * from './items.ts';
export * from './rentals.ts';
export * from './input-safety.ts';
export * from './person-name.ts';
export * from './notifications.ts';
export * from './messages.ts';
export * from './saved-wheelbarrow.ts';
export * from './money.ts';
export * from './vitals.ts';
export * from './deposits.ts';
export * from './handover.ts';
export * from './handover-times.ts';
export * from './calendar-sources.ts';
export * from './saved-items.ts';
export * from './saved-searches.ts';
export * from './date-watches.ts';
export * from './wanted.ts';
export * from './safety.ts';
export * from './ops.ts';
