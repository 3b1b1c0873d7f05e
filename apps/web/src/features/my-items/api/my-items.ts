import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { OwnerItem } from '@toolshed/core/contract';
import { requestAllPages } from '../../../lib/request-all-pages.ts';

export const myItemsKey = ['my-items'] as const;

/** The signed-in owner's items with their rental state and open rental periods. */
export function useMyItems(): UseQueryResult<OwnerItem[], Error> {
  return useQuery({
    queryKey: myItemsKey,
    queryFn: ({ signal }) => requestAllPages<OwnerItem, 'items'>('/api/me/items', 'items', signal),
    staleTime: 30_000,
  });
}
