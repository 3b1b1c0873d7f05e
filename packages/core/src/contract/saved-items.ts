/** The HTTP contract of a member's saved items (favourites), theirs alone. */
import { z } from 'zod';
import { isoDateSchema } from './booking.ts';
import { pageInfoShape, pageParam, pageSizeParam } from './paging.ts';

export const SAVED_PAGE_SIZE = 50;
export const SAVED_MAX_PAGE_SIZE = 100;

/** GET /api/me/saved: a page, and optionally the dates to check each item against and a place to measure from. */
export const savedItemsQuerySchema = z.object({
  page: pageParam(),
  pageSize: pageSizeParam(SAVED_PAGE_SIZE, SAVED_MAX_PAGE_SIZE),
  startDate: isoDateSchema.optional().describe('YYYY-MM-DD: with endDate, whether each item is free from this day'),
  endDate: isoDateSchema.optional().describe('YYYY-MM-DD, inclusive: with startDate'),
  near: z
    .string()
    .max(200)
    .optional()
    .describe("A UK postcode, a postcode district, a town or 'latitude,longitude': each item's distance from it"),
});

export const savedItemSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  savedAt: z.string().describe('When it was saved (ISO 8601)'),
  listed: z
    .boolean()
    .describe(
      'False when the owner deleted or unlisted it since: show it as no longer listed, never as bookable (only id and name are given)',
    ),
  categoryId: z.string().nullable(),
  dailyRatePence: z.number().int().nullable().describe('Null when no longer listed'),
  imageUrl: z.string().nullable().describe("The cover photo's thumbnail"),
  city: z.string().nullable(),
  distanceMiles: z
    .number()
    .nullable()
    .optional()
    .describe('Asked with near: miles to the public point, as on the cards; null without a location'),
  availability: z
    .object({
      free: z.boolean().describe('Whether it can be booked for these dates, by the rules of checkout'),
      message: z.string().nullable().describe('Why not, when it cannot'),
    })
    .nullable()
    .describe('Asked with startDate and endDate, for listed items; null otherwise'),
});

export const savedItemsPageSchema = z.object({ items: z.array(savedItemSchema), ...pageInfoShape });

/** Every saved item's id, for the hearts on cards. */
export const savedItemIdsSchema = z.object({ itemIds: z.array(z.string()) });

export const savedItemStateSchema = z.object({
  itemId: z.string(),
  saved: z.literal(true),
  savedAt: z.string(),
});

export type SavedItem = z.infer<typeof savedItemSchema>;
export type SavedItemsPage = z.infer<typeof savedItemsPageSchema>;
export type SavedItemIds = z.infer<typeof savedItemIdsSchema>;
export type SavedItemState = z.infer<typeof savedItemStateSchema>;
