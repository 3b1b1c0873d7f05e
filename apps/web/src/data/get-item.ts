import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ItemDetail } from '@toolshed/core/contract';
import { useDataSource } from './data-source.tsx';
import { ITEM_STALE_MS, itemKey } from './item-key.ts';

export { ITEM_STALE_MS, itemKey };

/**
 * One item's details for the popup, from the API or the sample catalogue. Errors are ApiError
 * (status 404 for an unknown item, 0 when offline).
 */
export function useItem(itemId: string, near?: string): UseQueryResult<ItemDetail, Error> {
  const { ready } = useDataSource();
  return useQuery({
    queryKey: itemKey(itemId, near),
    queryFn: async () => (await ready).getItem(itemId, near),
    staleTime: ITEM_STALE_MS,
  });
}
