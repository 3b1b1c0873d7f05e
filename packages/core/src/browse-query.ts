import type { RawBrowseFilters } from './browse-filters.ts';

/** The filters a category address carries in its query (pageSize is the API's, never the address's). */
const ADDRESS_KEYS = ['search', 'near', 'radius', 'maxPrice', 'startDate', 'endDate', 'minRating', 'sort', 'page', 'asTyped'] as const;

/**
 * A category address's filters as raw strings, a blank value meaning unset. The web app reads its
 * own address with this and the server reads the requested one, so both name the same items page.
 */
export function readBrowseFilters(params: URLSearchParams): RawBrowseFilters {
  const raw: RawBrowseFilters = {};
  for (const key of ADDRESS_KEYS) {
    const value = params.get(key);
    raw[key] = value === null || value === '' ? undefined : value;
  }
  return raw;
}

/**
 * The items query string: only the filters that are set, trimmed, in a stable order. It is both the
 * API request's query and the web cache's key for that page, so the server can hand a page to the
 * web app under the key the app will look for.
 */
export function filtersToQuery(filters: RawBrowseFilters): string {
  const params = new URLSearchParams();
  for (const key of [...ADDRESS_KEYS, 'pageSize'] as const) {
    const value = filters[key]?.toString().trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}
