import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ItemDetail } from '@toolshed/core/contract';
import { useDataSource } from './data-source.tsx';

export const ITEM_STALE_MS = 30_000;

export const itemKey = (itemId: string) => ['item', itemId] as const;

/**
 * One item's details for the popup, from the API or the sample catalogue. Errors are ApiError
 * (status 404 for an unknown item, 0 when offline).
 */
export function useItem(itemId: string): UseQueryResult<ItemDetail, Error> {
  const { ready } = useDataSource();
  return useQuery({
    queryKey: itemKey(itemId),
    queryFn: async () => (await ready).getItem(itemId),
    staleTime: ITEM_STALE_MS,
  });
}
