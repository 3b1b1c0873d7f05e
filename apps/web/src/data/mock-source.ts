import { AppError, parseBrowseFilters, todayInLondon, type BrowseFilters, type IsoDate, type RawBrowseFilters } from '@toolshed/core';
import type { CatalogueSource } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';

export type SampleModule = typeof import('@toolshed/core/sample-catalogue');

let loading: Promise<SampleModule> | undefined;

/** The sample catalogue is a separate chunk, fetched only when the app falls back to Mock Data. */
export function loadSample(): Promise<SampleModule> {
  loading ??= import('@toolshed/core/sample-catalogue').catch((err: unknown) => {
    loading = undefined; // a failed chunk download may succeed on "Try again"
    throw err;
  });
  return loading;
}

/** The sample catalogue refuses what the API refuses (a place it cannot find), with the API's error. */
function asApiError<T>(answer: () => T): T {
  try {
    return answer();
  } catch (err) {
    if (err instanceof AppError) throw new ApiError(err.status, err.code, err.message, err.field);
    throw err;
  }
}

/** Read-only answers from the built-in sample catalogue, shaped exactly like the API's. */
export function createMockSource(): CatalogueSource {
  /** Validates like the API, so a bad page number reads the same in both modes. */
  const filtersFor = (raw: RawBrowseFilters, today: IsoDate): BrowseFilters => {
    const parsed = parseBrowseFilters(raw, today);
    if (!parsed.ok) throw new ApiError(400, 'VALIDATION', parsed.message, parsed.field);
    return parsed.value;
  };
  return {
    async getCategories() {
      const sample = await loadSample();
      return sample.mockCategories();
    },
    async getItems(categoryId, raw) {
      const today = todayInLondon();
      const filters = filtersFor(raw, today);
      const sample = await loadSample();
      const page = asApiError(() => sample.mockItemsPage(categoryId, filters, today));
      if (!page) throw new ApiError(404, 'NOT_FOUND', 'Category not found');
      return page;
    },
    async getMapPoints(categoryId, raw) {
      const today = todayInLondon();
      const filters = filtersFor({ ...raw, page: undefined }, today);
      const sample = await loadSample();
      const map = asApiError(() => sample.mockMapPoints(categoryId, filters, today));
      if (!map) throw new ApiError(404, 'NOT_FOUND', 'Category not found');
      return map;
    },
    async getItem(itemId, near) {
      const sample = await loadSample();
      const item = asApiError(() => sample.mockItemDetail(itemId, todayInLondon(), near));
      if (!item) throw new ApiError(404, 'NOT_FOUND', 'Item not found');
      return item;
    },
    async getOwner(ownerId) {
      const sample = await loadSample();
      const owner = sample.mockOwnerProfile(ownerId);
      if (!owner) throw new ApiError(404, 'NOT_FOUND', 'Owner not found');
      return owner;
    },
    async getOwnerItems(ownerId, raw) {
      const today = todayInLondon();
      const filters = filtersFor(raw, today);
      const sample = await loadSample();
      const page = asApiError(() => sample.mockOwnerItems(ownerId, filters, today));
      if (!page) throw new ApiError(404, 'NOT_FOUND', 'Owner not found');
      return page;
    },
    async getSuggestions(query) {
      const sample = await loadSample();
      return sample.mockSuggestions(query);
    },
  };
}

/** Warm the chunk as soon as Mock Data mode is chosen, so the first screen is not waiting on it. */
export function preloadSample(): void {
  void loadSample().catch(() => undefined);
}
