import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { SavedItemsPage } from '@toolshed/core/contract';
import { savedKey } from '../../../data/saved-items.ts';
import { requestJson } from '../../../lib/request-json.ts';

export interface SavedPageQuery {
  page: number;
  startDate?: string | undefined;
  endDate?: string | undefined;
  near?: string | undefined;
}

/** A page of the Saved list, with whether each item is free on the dates given (both or none). */
export function useSavedPage(query: SavedPageQuery): UseQueryResult<SavedItemsPage, Error> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.startDate && query.endDate) {
    params.set('startDate', query.startDate);
    params.set('endDate', query.endDate);
  }
  if (query.near) params.set('near', query.near);
  return useQuery({
    queryKey: [...savedKey, 'page', params.toString()],
    queryFn: ({ signal }) => requestJson<SavedItemsPage>('GET', `/api/me/saved?${params}`, undefined, signal),
    placeholderData: (previous) => previous,
  });
}
