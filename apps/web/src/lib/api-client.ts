import type { CategoriesResponse, ItemDetail, ItemsPage, OwnerProfile } from '@toolshed/core/contract';
import type { RawBrowseFilters } from '@toolshed/core';
import { ApiError } from './api-error.ts';

/** The calls the screens make; implemented by the API client below and by the Mock Data source. */
export interface CatalogueSource {
  getCategories(): Promise<CategoriesResponse>;
  getItems(categoryId: string, filters: RawBrowseFilters): Promise<ItemsPage>;
  getItem(itemId: string): Promise<ItemDetail>;
  /** An owner's public profile with the reviews they received; 404 for an unknown owner. */
  getOwner(ownerId: string, signal?: AbortSignal): Promise<OwnerProfile>;
  /** One page of an owner's listed items, filtered and paged like browsing; 404 for an unknown owner. */
  getOwnerItems(ownerId: string, filters: RawBrowseFilters, signal?: AbortSignal): Promise<ItemsPage>;
}

function isErrorBody(body: unknown): body is { error: { code: string; message: string; field?: string } } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const err = (body as { error: unknown }).error;
  return typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string';
}

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('application/json');
}

/** GET a JSON resource from our API; anything else becomes an ApiError. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: signal ?? null });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK', 'The request could not be sent');
  }
  const body: unknown = isJson(response) ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message, body.error.field);
    throw new ApiError(response.status, 'HTTP_' + response.status, response.statusText || 'Request failed');
  }
  if (body === undefined) throw new ApiError(response.status, 'NOT_JSON', 'The server did not answer with JSON');
  return body as T;
}

const withQuery = (path: string, filters: RawBrowseFilters) => {
  const query = filtersToQuery(filters);
  return query ? `${path}?${query}` : path;
};

const ownerPath = (ownerId: string) => `/api/owners/${encodeURIComponent(ownerId)}`;

/** Query string with only the filters that are set, in a stable order. */
export function filtersToQuery(filters: RawBrowseFilters): string {
  const params = new URLSearchParams();
  for (const key of ['search', 'maxPrice', 'startDate', 'endDate', 'minRating', 'page', 'pageSize'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

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
    getItem(itemId) {
      return getJson<ItemDetail>(`/api/items/${encodeURIComponent(itemId)}`);
    },
    getOwner(ownerId, signal) {
      return getJson<OwnerProfile>(ownerPath(ownerId), signal);
    },
    getOwnerItems(ownerId, filters, signal) {
      return getJson<ItemsPage>(withQuery(`${ownerPath(ownerId)}/items`, filters), signal);
    },
  };
}
