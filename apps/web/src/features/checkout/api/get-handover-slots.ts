import { useQuery } from '@tanstack/react-query';
import type { HandoverSlots } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** The pick-up times on the start date and the return times on the end date that an item's owner offers. */
export function useHandoverSlots(itemId: string, startDate: string, endDate: string) {
  return useQuery({
    queryKey: ['handover-slots', itemId, startDate, endDate],
    queryFn: () =>
      requestJson<HandoverSlots>(
        'GET',
        `/api/items/${encodeURIComponent(itemId)}/handover-slots?startDate=${encodeURIComponent(startDate)}&endDate=${encodeURIComponent(endDate)}`,
      ),
    staleTime: 60_000,
  });
}
