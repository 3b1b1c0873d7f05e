import { z } from 'zod';
import { AppError, filtersToQuery, readBrowseFilters, type FirstScreenData } from '@toolshed/core';
import { categoriesResponseSchema, itemDetailSchema, itemsPageSchema } from '@toolshed/core/contract';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';

/** A browse address: `/` (the app sends it on to All Items), a category, or an item popup over one. */
export interface BrowseAddress {
  categoryId: string;
  itemId?: string;
  search: URLSearchParams;
}

/** Refusals a visitor can cause with the address (a bad filter, an unknown category or item). */
const expected = (err: unknown) => err instanceof AppError && (err.code === 'VALIDATION' || err.code === 'NOT_FOUND');

/** The answer, or nothing when the address asked for something that is refused or not there. */
const unlessRefused = <T>(answer: Promise<T>): Promise<T | undefined> =>
  answer.catch((err: unknown) => (expected(err) ? undefined : Promise.reject(err)));

/**
 * The answers the API's own endpoints would give for what this address shows first, read from the
 * catalogue in-process and encoded by the same schemas as those endpoints' responses. The item is
 * what any visitor sees (public location); `withItem` is false when the request may have a session,
 * because the item's owner is answered with more.
 */
export async function loadFirstScreen(
  catalogue: CatalogueService,
  address: BrowseAddress,
  options: { withItem: boolean; now: number },
): Promise<FirstScreenData> {
  const raw = readBrowseFilters(address.search);
  const [categories, page, item] = await Promise.all([
    catalogue.categories(),
    unlessRefused(catalogue.items(address.categoryId, raw)),
    address.itemId && options.withItem ? unlessRefused(catalogue.publicItem(address.itemId)) : undefined,
  ]);
  return {
    at: options.now,
    categories: z.encode(categoriesResponseSchema, categories),
    ...(page ? { items: { categoryId: address.categoryId, query: filtersToQuery(raw), page: z.encode(itemsPageSchema, page) } } : {}),
    ...(item ? { item: z.encode(itemDetailSchema, item) } : {}),
  };
}
