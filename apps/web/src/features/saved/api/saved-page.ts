import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { SavedItemsPage } from '@toolshed/core/contract';
import { savedKey } from '../../../data/saved-items.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { requestJson } from '../../../lib/request-json.ts';

export interface SavedPageQuery {
  page: number;
  startDate?: string | undefined;
  endDate?: string | undefined;
  near?: string | undefined;
}

/** A page of the Saved list, with whether each item is free on the dates given (both or none) and how far it is from `near`. */
export function useSavedPage(query: SavedPageQuery): UseQueryResult<SavedItemsPage, Error> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.startDate && query.endDate) {
    params.set('startDate', query.startDate);
    params.set('endDate', query.endDate);
  }
  const withPlace = new URLSearchParams(params);
  if (query.near) withPlace.set('near', query.near);
  return useQuery({
    queryKey: [...savedKey, 'page', withPlace.toString()],
    queryFn: async ({ signal }) => {
      try {
        return await requestJson<SavedItemsPage>('GET', `/api/me/saved?${withPlace}`, undefined, signal);
      } catch (err) {
        // The distances are extra: a place the server cannot find just now leaves them out, not the list.
        if (!query.near || !(err instanceof ApiError) || err.status === 0 || err.status === 401) throw err;
        return requestJson<SavedItemsPage>('GET', `/api/me/saved?${params}`, undefined, signal);
      }
    },
    placeholderData: (previous) => previous,
  });
}
