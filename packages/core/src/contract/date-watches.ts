/** The HTTP contract of "Tell me if these dates free up": a member's date watches, theirs alone. */
import { z } from 'zod';
import { isoDateSchema } from './booking.ts';

/** POST /api/me/date-watches: the item and the London calendar dates (inclusive) to wait for. */
export const createDateWatchSchema = z.object({
  itemId: z.string().max(100),
  startDate: isoDateSchema.describe('YYYY-MM-DD, from today (London)'),
  endDate: isoDateSchema.describe('YYYY-MM-DD, inclusive, not before startDate'),
});

export const dateWatchSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string().describe('When the member asked (ISO 8601)'),
  notifiedAt: z
    .string()
    .nullable()
    .describe('When the member was told the dates are free (ISO 8601); null while still waiting. Told once only'),
  link: z.string().describe("The web app's address of the item's popup with these dates chosen"),
});

/** Every watch of the member whose start date has not passed and that they did not stop, soonest first. */
export const dateWatchListSchema = z.object({ watches: z.array(dateWatchSchema) });

export type CreateDateWatch = z.infer<typeof createDateWatchSchema>;
export type DateWatch = z.infer<typeof dateWatchSchema>;
export type DateWatchList = z.infer<typeof dateWatchListSchema>;
