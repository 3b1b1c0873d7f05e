import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ItemDetail } from '@toolshed/core/contract';
import { useDataSource } from './data-source.tsx';

export const ITEM_STALE_MS = 30_000;

/** An item's cache key; with a place, its distance from there is part of the answer (`['item', id]` still prefixes it). */
export const itemKey = (itemId: string, near?: string) => (near ? (['item', itemId, near] as const) : (['item', itemId] as const));

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
