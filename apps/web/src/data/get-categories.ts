import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CategoriesResponse } from '@toolshed/core/contract';
import { useDataSource } from './data-source.tsx';

export const categoriesKey = ['categories'] as const;
export const CATEGORIES_STALE_MS = 60_000;

/** Categories with item counts, for the sidebar and the category heading. */
export function useCategories(): UseQueryResult<CategoriesResponse, Error> {
  const { ready } = useDataSource();
  return useQuery({
    queryKey: categoriesKey,
    queryFn: async () => (await ready).getCategories(),
    staleTime: CATEGORIES_STALE_MS,
  });
}
