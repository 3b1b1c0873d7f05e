import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { filtersToQuery, type RawBrowseFilters } from '@toolshed/core';
import type { ItemsPage } from '@toolshed/core/contract';
import { useDataSource } from './data-source.tsx';

export const ITEMS_STALE_MS = 30_000;

/** The cache key of one items page; `query` is `filtersToQuery` of its filters. */
export const itemsKey = (categoryId: string, query: string) => ['items', categoryId, query] as const;

/**
 * One page of a category's items. `enabled` is false while the filters are invalid, so a bad value
 * shows its message instead of a request. Previous results stay on screen while the next load.
 */
export function useItems(categoryId: string, filters: RawBrowseFilters, enabled = true): UseQueryResult<ItemsPage, Error> {
  const { ready } = useDataSource();
  return useQuery({
    queryKey: itemsKey(categoryId, filtersToQuery(filters)),
    queryFn: async () => (await ready).getItems(categoryId, filters),
    enabled,
    placeholderData: (previous, previousQuery) =>
      // Only keep results of the same category: another category's items would be misleading.
      previousQuery?.queryKey[1] === categoryId ? keepPreviousData(previous) : undefined,
    staleTime: ITEMS_STALE_MS,
  });
}
