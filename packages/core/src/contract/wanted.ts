/**
 * The HTTP contract of wanted posts: a member asks their neighbours for something they could not
 * find; owners near the place hear of it and offer one of their listed items; the author books one.
 * A post never carries its author's address or point: only the place's label and distances.
 */
import { z } from 'zod';
import {
  WANTED_DETAILS_LONG_MESSAGE,
  WANTED_DETAILS_MAX,
  WANTED_TITLE_LONG_MESSAGE,
  WANTED_TITLE_MAX,
  WANTED_TITLE_MESSAGE,
} from '../wanted.ts';
import { pageInfoShape, pageParam, pageSizeParam } from './paging.ts';

export const WANTED_PAGE_SIZE = 20;
export const WANTED_STATUSES = ['open', 'closed', 'expired'] as const;
export type WantedStatus = (typeof WANTED_STATUSES)[number];

/** POST /api/wanted: what is needed, where (as the browse's location box reads it), when and up to what price. */
export const wantedInputSchema = z.object({
  title: z.string().trim().min(1, { error: WANTED_TITLE_MESSAGE }).max(WANTED_TITLE_MAX, { error: WANTED_TITLE_LONG_MESSAGE }),
  details: z.string().trim().max(WANTED_DETAILS_MAX, { error: WANTED_DETAILS_LONG_MESSAGE }).optional(),
  categoryId: z.string().max(100).describe("A category, or 'all' for any"),
  near: z.string().max(200).describe('A UK postcode or a town, as the browse reads it'),
  radius: z.union([z.string().max(10), z.number()]).describe('Miles: 1, 3, 5, 10, 25 or 50'),
  startDate: z.string().max(20).describe('YYYY-MM-DD, from today (London)'),
  endDate: z.string().max(20).describe('YYYY-MM-DD, inclusive'),
  maxPrice: z.string().max(20).optional().describe('Up to this daily price, in pounds; blank for any'),
});

export const wantedOfferSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  categoryId: z.string(),
  ownerName: z.string(),
  photoUrl: z.string().nullable(),
  dailyRatePence: z.number().int(),
  weeklyRatePence: z.number().int().nullable(),
  bookingMode: z.enum(['instant', 'request']),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  totalPence: z.number().int().describe("The rental's price for the post's dates, before the service fee (core lineTotalPence)"),
  distanceMiles: z.number().nullable().describe("From the post's place to the item's public point"),
  offeredAt: z.string(),
});

/** One of the asking owner's listed items, to offer. */
export const wantedOfferableItemSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  dailyRatePence: z.number().int(),
  distanceMiles: z.number().nullable(),
  offered: z.boolean().describe('Already offered for this post'),
});

export const wantedPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  details: z.string().nullable(),
  categoryId: z.string().describe("'all' for any"),
  categoryName: z.string().nullable(),
  placeLabel: z.string().describe('The town or postcode district: never an address'),
  radiusMiles: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  maxPricePence: z.number().int().nullable(),
  status: z.enum(WANTED_STATUSES),
  authorName: z.string().describe("The author's first name"),
  mine: z.boolean(),
  createdAt: z.string(),
  offerCount: z.number().int().describe('Offers of items still listed'),
  distanceMiles: z.number().nullable().optional().describe('From the place asked about (`near`), when given'),
  offers: z.array(wantedOfferSchema).optional().describe("Only for the post's author"),
  yourItems: z.array(wantedOfferableItemSchema).optional().describe("For anyone else: the asking member's listed items"),
});

export const wantedListQuerySchema = z.object({
  near: z.string().max(200).optional(),
  radius: z.string().max(10).optional(),
  page: pageParam(),
  pageSize: pageSizeParam(WANTED_PAGE_SIZE, 50),
});
export const myWantedQuerySchema = z.object({ page: pageParam(), pageSize: pageSizeParam(WANTED_PAGE_SIZE, 50) });

export const wantedPageSchema = z.object({ posts: z.array(wantedPostSchema), ...pageInfoShape });

/** POST /api/wanted/{id}/offers: one of the owner's listed items. */
export const wantedOfferInputSchema = z.object({ itemId: z.string().max(100) });

export type WantedInput = z.infer<typeof wantedInputSchema>;
export type WantedPost = z.infer<typeof wantedPostSchema>;
export type WantedOffer = z.infer<typeof wantedOfferSchema>;
export type WantedOfferableItem = z.infer<typeof wantedOfferableItemSchema>;
export type WantedPage = z.infer<typeof wantedPageSchema>;
