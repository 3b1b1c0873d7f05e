import { parseBrowseFilters, todayInLondon } from '@toolshed/core';
import type { CatalogueSource } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';

type SampleModule = typeof import('@toolshed/core/sample-catalogue');

let loading: Promise<SampleModule> | undefined;

/** The sample catalogue is a separate chunk, fetched only when the app falls back to Mock Data. */
function loadSample(): Promise<SampleModule> {
  loading ??= import('@toolshed/core/sample-catalogue').catch((err: unknown) => {
    loading = undefined; // a failed chunk download may succeed on "Try again"
    throw err;
  });
  return loading;
}

/** Read-only answers from the built-in sample catalogue, shaped exactly like the API's. */
export function createMockSource(): CatalogueSource {
  return {
    async getCategories() {
      const sample = await loadSample();
      return sample.mockCategories();
    },
    async getItems(categoryId, raw) {
      const today = todayInLondon();
      const parsed = parseBrowseFilters(raw, today);
      if (!parsed.ok) throw new ApiError(400, 'VALIDATION', parsed.message, parsed.field);
      const sample = await loadSample();
      const page = sample.mockItemsPage(categoryId, parsed.value, today);
      if (!page) throw new ApiError(404, 'NOT_FOUND', 'Category not found');
      return page;
    },
    async getItem(itemId) {
      const sample = await loadSample();
      const item = sample.mockItemDetail(itemId, todayInLondon());
      if (!item) throw new ApiError(404, 'NOT_FOUND', 'Item not found');
      return item;
    },
  };
}

/** Warm the chunk as soon as Mock Data mode is chosen, so the first screen is not waiting on it. */
export function preloadSample(): void {
  void loadSample().catch(() => undefined);
}
