import type { CategoriesResponse, ItemDetail, ItemsPage, MapPoints, OwnerProfile, SearchSuggestions } from '@toolshed/core/contract';
import { filtersToQuery, type RawBrowseFilters } from '@toolshed/core';
import { requestJson } from './request-json.ts';

/** The calls the screens make; implemented by the API client below and by the Mock Data source. */
export interface CatalogueSource {
  getCategories(): Promise<CategoriesResponse>;
  getItems(categoryId: string, filters: RawBrowseFilters): Promise<ItemsPage>;
  /** The map of the same browse: the public points of its first matches (page and pageSize do not apply). */
  getMapPoints(categoryId: string, filters: RawBrowseFilters): Promise<MapPoints>;
  /** With `near` (the browse's place, as in its address), the item carries its distance from there. */
  getItem(itemId: string, near?: string): Promise<ItemDetail>;
  /** An owner's public profile with the reviews they received; 404 for an unknown owner. */
  getOwner(ownerId: string, signal?: AbortSignal): Promise<OwnerProfile>;
  /** One page of an owner's listed items, filtered and paged like browsing; 404 for an unknown owner. */
  getOwnerItems(ownerId: string, filters: RawBrowseFilters, signal?: AbortSignal): Promise<ItemsPage>;
  /** Item names and categories for the words typed so far in a search box (at most 8, categories first). */
  getSuggestions(query: string, signal?: AbortSignal): Promise<SearchSuggestions>;
}

/** GET a JSON resource from our API; anything else becomes an ApiError. */
export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return requestJson<T>('GET', path, undefined, signal);
}

const withQuery = (path: string, filters: RawBrowseFilters) => {
  const query = filtersToQuery(filters);
  return query ? `${path}?${query}` : path;
};

const ownerPath = (ownerId: string) => `/api/owners/${encodeURIComponent(ownerId)}`;

/**
 * The typed client of our API. `primed` is the categories answer already fetched by the start-up
 * check, handed out once so the first screen does not ask for it twice.
 */
export function createApiClient(primed?: CategoriesResponse): CatalogueSource {
  let firstCategories = primed;
  return {
    getCategories() {
      const ready = firstCategories;
      firstCategories = undefined;
      return ready ? Promise.resolve(ready) : getJson<CategoriesResponse>('/api/categories');
    },
    getItems(categoryId, filters) {
      return getJson<ItemsPage>(withQuery(`/api/categories/${encodeURIComponent(categoryId)}/items`, filters));
    },
    getMapPoints(categoryId, filters) {
      return getJson<MapPoints>(withQuery(`/api/categories/${encodeURIComponent(categoryId)}/items/map`, { ...filters, page: undefined }));
    },
    getItem(itemId, near) {
      const query = near ? `?${new URLSearchParams({ near }).toString()}` : '';
      return getJson<ItemDetail>(`/api/items/${encodeURIComponent(itemId)}${query}`);
    },
    getOwner(ownerId, signal) {
      return getJson<OwnerProfile>(ownerPath(ownerId), signal);
    },
    getOwnerItems(ownerId, filters, signal) {
      return getJson<ItemsPage>(withQuery(`${ownerPath(ownerId)}/items`, filters), signal);
    },
    getSuggestions(query, signal) {
      return getJson<SearchSuggestions>(`/api/search/suggestions?${new URLSearchParams({ q: query }).toString()}`, signal);
    },
  };
}
