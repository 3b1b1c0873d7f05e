import { useQuery, type UseQueryResult } from '@tanstack/react-query';
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
