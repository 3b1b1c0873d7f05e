import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchInput } from '@toolshed/core/contract';
import { requestJson } from '../lib/request-json.ts';

/** Everything cached about the member's saved searches starts with this (a change reads all of it again). */
export const savedSearchesKey = ['saved-searches'] as const;

/**
 * Saves a browse (words, category, price, rating and place as its address has them) to hear of new
 * matches. The server names it when no name is given, and refuses an empty search or a 26th one.
 */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchInput) => requestJson<SavedSearch>('POST', '/api/me/saved-searches', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
