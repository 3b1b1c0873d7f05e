/** The HTTP contract of a signed-in user's wheelbarrow, kept on the server so it follows them. */
import { z } from 'zod';
import { isoDateSchema } from './booking.ts';

export const MAX_WHEELBARROW_LINES = 50;

export const savedLineInputSchema = z.object({
  itemId: z.uuid({ error: 'itemId must be an item id' }),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
});

export const savedWheelbarrowInputSchema = z.object({
  lines: z.array(savedLineInputSchema).max(MAX_WHEELBARROW_LINES, `A wheelbarrow holds at most ${MAX_WHEELBARROW_LINES} items`),
});

/** A saved line with what the wheelbarrow shows before the server's check: name, price, thumbnail. */
export const savedLineSchema = savedLineInputSchema.extend({
  name: z.string(),
  dailyRatePence: z.number().int(),
  imageUrl: z.string().nullable(),
  days: z.number().int(),
});

export const savedWheelbarrowSchema = z.object({ lines: z.array(savedLineSchema) });

export type SavedLineInput = z.infer<typeof savedLineInputSchema>;
export type SavedLine = z.infer<typeof savedLineSchema>;
export type SavedWheelbarrow = z.infer<typeof savedWheelbarrowSchema>;
