import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { filtersToQuery, type RawBrowseFilters } from '@toolshed/core';
import type { MapPoints } from '@toolshed/core/contract';
import { useDataSource } from './data-source.tsx';
import { ITEMS_STALE_MS } from './get-items.ts';

/** The map of a browse; the page number does not change it, so it is not part of the key. */
export function useMapPoints(categoryId: string, filters: RawBrowseFilters, enabled: boolean): UseQueryResult<MapPoints, Error> {
  const { ready } = useDataSource();
  const mapFilters = { ...filters, page: undefined };
  return useQuery({
    queryKey: ['map', categoryId, filtersToQuery(mapFilters)] as const,
    queryFn: async () => (await ready).getMapPoints(categoryId, mapFilters),
    enabled,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === categoryId ? keepPreviousData(previous) : undefined),
    staleTime: ITEMS_STALE_MS,
  });
}
