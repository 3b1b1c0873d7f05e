/**
 * The HTTP contract of saved searches and their alerts: a member's browse (words, category, filters
 * and place) kept under a name, whose new matches are sent instantly or as a daily digest.
 */
import { z } from 'zod';
import { pageInfoShape, pageParam, pageSizeParam } from './paging.ts';

export const SAVED_SEARCHES_PAGE_SIZE = 50;
export const MAX_SAVED_SEARCHES = 25;
export const SAVED_SEARCH_NAME_MAX = 60;
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];
/**
 * A member is told at once of at most this many listings an hour, however many instant searches
 * they keep; matches past it wait for the next morning's digest, so a busy area never floods an inbox.
 */
export const INSTANT_ALERTS_PER_HOUR = 3;

export const SAVED_SEARCH_FREQUENCY_LABELS: Record<SavedSearchFrequency, string> = {
  instant: 'As soon as something is listed',
  daily: 'Once a day, in the morning',
};

export const SAVED_SEARCHES_LIMIT_MESSAGE = `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`;
export const SAVED_SEARCH_EMPTY_MESSAGE = 'Choose a category, type some words or set a filter before saving a search.';

const frequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, { error: 'Choose how often to hear about new matches' });
const NAME_BLANK_MESSAGE = 'Give the search a name';
const NAME_LONG_MESSAGE = `A name can be at most ${SAVED_SEARCH_NAME_MAX} characters`;
const nameSchema = z.string().trim().min(1, { error: NAME_BLANK_MESSAGE }).max(SAVED_SEARCH_NAME_MAX, { error: NAME_LONG_MESSAGE });

/** A saved search's new name, as the schema above checks it, for a form to check without zod. */
export function savedSearchNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return NAME_BLANK_MESSAGE;
  return trimmed.length > SAVED_SEARCH_NAME_MAX ? NAME_LONG_MESSAGE : undefined;
}

/**
 * POST /api/me/saved-searches: the browse as its address has it (the same fields and validation
 * as browsing; dates and the order are not kept: an alert is about any new match).
 */
export const savedSearchInputSchema = z.object({
  name: nameSchema.optional().describe('Defaults to the words, category and place'),
  categoryId: z.string().max(100).describe("The category browsed, or 'all'"),
  search: z.string().max(200).optional(),
  maxPrice: z.string().max(20).optional(),
  minRating: z.string().max(10).optional(),
  near: z.string().max(200).optional(),
  radius: z.string().max(10).optional(),
  frequency: frequencySchema.default('instant'),
});

/** PATCH /api/me/saved-searches/{id}: rename, pause or resume, change how often. */
export const savedSearchChangeSchema = z
  .object({ name: nameSchema.optional(), paused: z.boolean().optional(), frequency: frequencySchema.optional() })
  .refine((v) => v.name !== undefined || v.paused !== undefined || v.frequency !== undefined, { error: 'Nothing to change' });

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  categoryId: z.string().describe("'all' for every category"),
  categoryName: z.string().nullable(),
  search: z.string().nullable(),
  maxPricePence: z.number().int().nullable(),
  minRating: z.number().nullable(),
  near: z.string().nullable().describe('The place as typed'),
  placeLabel: z.string().nullable().describe('The place as found'),
  radiusMiles: z.number().int().nullable(),
  frequency: frequencySchema,
  paused: z.boolean(),
  createdAt: z.string(),
  newMatches: z.number().int().describe('Matches found since the last alert was sent (waiting for the daily digest)'),
  path: z.string().describe('The browse page of this search, to open it again'),
});

export const savedSearchesQuerySchema = z.object({
  page: pageParam(),
  pageSize: pageSizeParam(SAVED_SEARCHES_PAGE_SIZE, 100),
});

export const savedSearchesPageSchema = z.object({ searches: z.array(savedSearchSchema), ...pageInfoShape });

/** POST /api/saved-searches/unsubscribe/{token}: what was stopped (no sign-in needed). */
export const unsubscribedSchema = z.object({ name: z.string(), stopped: z.boolean().describe('False when it was already stopped') });

export type SavedSearchInput = z.infer<typeof savedSearchInputSchema>;
export type SavedSearchChange = z.infer<typeof savedSearchChangeSchema>;
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export type SavedSearchesPage = z.infer<typeof savedSearchesPageSchema>;
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
