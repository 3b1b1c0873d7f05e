import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HandoverTimeSide } from '@toolshed/core';
import type { RentalHandoverTimes } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

const timesKey = (rentalId: string) => ['rentals', 'handover-times', rentalId] as const;
const timesPath = (rentalId: string) => `/api/rentals/${encodeURIComponent(rentalId)}/handover-times`;

/** A rental's pick-up and return times, and a new time either party proposed. */
export function useHandoverTimes(rentalId: string) {
  return useQuery({ queryKey: timesKey(rentalId), queryFn: () => requestJson<RentalHandoverTimes>('GET', timesPath(rentalId)) });
}

export function useProposeHandoverTime(rentalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ side, time }: { side: HandoverTimeSide; time: string }) =>
      requestJson<RentalHandoverTimes>('POST', `${timesPath(rentalId)}/${side}/proposal`, { time }),
    onSuccess: (times) => client.setQueryData(timesKey(rentalId), times),
  });
}

export function useAcceptHandoverTime(rentalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (side: HandoverTimeSide) => requestJson<RentalHandoverTimes>('POST', `${timesPath(rentalId)}/${side}/accept`, {}),
    onSuccess: (times) => client.setQueryData(timesKey(rentalId), times),
  });
}
