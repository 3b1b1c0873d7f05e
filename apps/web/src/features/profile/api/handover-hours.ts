import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HandoverHours, HandoverHoursRangeInput } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

const hoursKey = ['me', 'handover-hours'] as const;

/** The hours the signed-in owner hands items over and takes them back (the default until set). */
export function useHandoverHours() {
  return useQuery({ queryKey: hoursKey, queryFn: () => requestJson<HandoverHours>('GET', '/api/me/handover-hours') });
}

export function useSaveHandoverHours() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ranges: HandoverHoursRangeInput[]) => requestJson<HandoverHours>('PUT', '/api/me/handover-hours', { ranges }),
    onSuccess: (hours) => client.setQueryData(hoursKey, hours),
  });
}
