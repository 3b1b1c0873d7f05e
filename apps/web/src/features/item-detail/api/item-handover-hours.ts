import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { HandoverHours } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** When the item's owner hands over and takes back (asked only from the API: the sample data has no hours). */
export function useItemHandoverHours(itemId: string, enabled: boolean): UseQueryResult<HandoverHours, Error> {
  return useQuery({
    queryKey: ['items', itemId, 'handover-hours'],
    queryFn: () => requestJson<HandoverHours>('GET', `/api/items/${encodeURIComponent(itemId)}/handover-hours`),
    enabled,
    staleTime: 60_000,
  });
}
