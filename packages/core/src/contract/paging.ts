import { z } from 'zod';

/** The most pages a list answers: beyond it a caller should narrow the list rather than page on. */
export const MAX_PAGE = 10_000;

// A query string's empty value (`?page=`) means the default, as an absent one does.
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** `page`: which page of a list, from 1; an integer in the document, coerced from the query string. */
export function pageParam(): z.ZodType<number | undefined, unknown> {
  const message = `Page must be a whole number from 1 to ${MAX_PAGE}`;
  return z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(MAX_PAGE, { error: message })
      .optional()
      .describe('1-based page number (default 1)'),
  );
}

/** `pageSize`: how many entries a page holds, from 1 to `max`; an integer in the document, coerced from the query string. */
export function pageSizeParam(defaultSize: number, max: number): z.ZodType<number | undefined, unknown> {
  const message = `Page size must be a whole number from 1 to ${max}`;
  return z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(max, { error: message })
      .optional()
      .describe(`Entries per page, 1 to ${max} (default ${defaultSize})`),
  );
}

/** What a paged answer says about its page: which one, its size and how many entries the whole list has. */
export const pageInfoShape = {
  page: z.number().int().describe('This page, from 1'),
  pageSize: z.number().int().describe('The most entries a page holds'),
  total: z.number().int().describe('Entries in the whole list'),
};
