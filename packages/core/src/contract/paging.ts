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

/** Which page of a list is asked for, with the list's defaults applied. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The query of a paged list: `page` and `pageSize` (default `defaultSize`, at most `max`). */
export function pageQuerySchema(defaultSize: number, max: number) {
  return z.object({ page: pageParam(), pageSize: pageSizeParam(defaultSize, max) });
}

export const pageRequest = (query: { page?: number | undefined; pageSize?: number | undefined }, defaultSize: number): PageRequest => ({
  page: query.page ?? 1,
  pageSize: query.pageSize ?? defaultSize,
});

/** How many entries come before the page. */
export const pageOffset = ({ page, pageSize }: PageRequest): number => (page - 1) * pageSize;

/** The sizes of the lists that grow with use: a page as large as the web app shows at once, and a cap. */
export const LIST_PAGE_SIZE = 50;
export const LIST_MAX_PAGE_SIZE = 100;
