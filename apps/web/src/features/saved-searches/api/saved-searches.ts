import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchChange, SavedSearchesPage, Unsubscribed } from '@toolshed/core/contract';
import { savedSearchesKey } from '../../../data/saved-searches.ts';
import { isNotFound } from '../../../lib/api-error.ts';
import { requestJson } from '../../../lib/request-json.ts';

const searchPath = (id: string) => `/api/me/saved-searches/${encodeURIComponent(id)}`;

/** A page of the member's saved searches, newest first. */
export function useSavedSearches(page: number): UseQueryResult<SavedSearchesPage, Error> {
  return useQuery({
    queryKey: [...savedSearchesKey, 'page', page],
    queryFn: ({ signal }) => requestJson<SavedSearchesPage>('GET', `/api/me/saved-searches?page=${page}`, undefined, signal),
    placeholderData: (previous) => previous,
  });
}

/** Renames a search, pauses or resumes its alerts, or changes how often they come. */
export function useChangeSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SavedSearchChange }) => requestJson<SavedSearch>('PATCH', searchPath(id), change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

/** Deletes a search; one already gone (deleted on another device) is as good as deleted. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await requestJson<void>('DELETE', searchPath(id));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

/** The alert email's stop link: pauses that one search, no sign-in needed (the token names it). */
export function useStopAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => requestJson<Unsubscribed>('POST', `/api/saved-searches/unsubscribe/${encodeURIComponent(token)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
