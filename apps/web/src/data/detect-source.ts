import type { CategoriesResponse } from '@toolshed/core/contract';
import { createApiClient, getJson, type CatalogueSource } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';

export type DetectedSource = { mode: 'api' | 'mock'; source: CatalogueSource };

/** A hung API should not leave the app on 'checking' for ever. */
const CHECK_TIMEOUT_MS = 8_000;

let mockSource: Promise<CatalogueSource> | undefined;

/**
 * Mock Data's code is a chunk of its own, fetched only once the app falls back to it (with the API
 * there, the first page never runs it). Loading it warms the sample catalogue too.
 */
function loadMockSource(): Promise<CatalogueSource> {
  mockSource ??= import('./mock-source.ts').then(
    ({ createMockSource, preloadSample }) => {
      preloadSample();
      return createMockSource();
    },
    (err: unknown) => {
      mockSource = undefined; // a failed chunk download may succeed on "Try again"
      throw err;
    },
  );
  return mockSource;
}

/** The sample catalogue's answers, each call waiting for Mock Data's code the first time. */
function lazyMockSource(): CatalogueSource {
  return {
    getCategories: async () => (await loadMockSource()).getCategories(),
    getItems: async (...args) => (await loadMockSource()).getItems(...args),
    getMapPoints: async (...args) => (await loadMockSource()).getMapPoints(...args),
    getItem: async (...args) => (await loadMockSource()).getItem(...args),
    getOwner: async (...args) => (await loadMockSource()).getOwner(...args),
    getOwnerItems: async (...args) => (await loadMockSource()).getOwnerItems(...args),
    getSuggestions: async (...args) => (await loadMockSource()).getSuggestions(...args),
  };
}

export function mock(): DetectedSource {
  void loadMockSource().catch(() => undefined);
  return { mode: 'mock', source: lazyMockSource() };
}

/**
 * Whether a failed call means there is no API behind the page (no answer at all, or an answer that
 * is not our API's JSON: a proxy's 502 page, a static server's 404 or index.html). An error in our
 * own format means the API is there but refused or failed: screens show it.
 */
export function meansNoApi(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.status === 0 || err.code.startsWith('HTTP_') || err.code === 'NOT_JSON';
}

/**
 * Asks the API once. No answer, or an answer that is not our API's JSON (a static file server's 404
 * page, or index.html from an SPA fallback), means there is no API: use the sample catalogue.
 * An error in our own error format means the API is there but failing; screens then show the error.
 */
export async function detectSource(): Promise<DetectedSource> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CHECK_TIMEOUT_MS);
  try {
    const categories = await getJson<CategoriesResponse>('/api/categories', controller.signal);
    if (typeof categories !== 'object' || categories === null || !Array.isArray(categories.categories)) return mock();
    return { mode: 'api', source: createApiClient(categories) };
  } catch (err) {
    if (err instanceof ApiError && !meansNoApi(err)) return { mode: 'api', source: createApiClient() };
    return mock();
  } finally {
    clearTimeout(timer);
  }
}
