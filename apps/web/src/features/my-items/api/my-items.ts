import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { OwnerItem } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

export const myItemsKey = ['my-items'] as const;

/** The signed-in owner's items with their rental state and open rental periods. */
export function useMyItems(): UseQueryResult<OwnerItem[], Error> {
  return useQuery({
    queryKey: myItemsKey,
    queryFn: async () => (await requestJson<{ items: OwnerItem[] }>('GET', '/api/me/items')).items,
    staleTime: 30_000,
  });
}

/**
 * The owner marks a rental returned (only once it has started). The item's calendar, the browse
 * results for dates and both sides' rental lists change with it.
 */
export function useMarkReturned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rentalId }: { rentalId: string; itemId: string }) =>
      requestJson<void>('POST', `/api/rentals/${encodeURIComponent(rentalId)}/return`),
    onSuccess: (_, { itemId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myItemsKey }),
        queryClient.invalidateQueries({ queryKey: ['item', itemId] }),
        queryClient.invalidateQueries({ queryKey: ['items'] }),
        queryClient.invalidateQueries({ queryKey: ['rentals'] }),
      ]),
  });
}
