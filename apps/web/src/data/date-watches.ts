import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { CreateDateWatch, DateWatch, DateWatchList } from '@toolshed/core/contract';
import { isNotFound } from '../lib/api-error.ts';
import { requestJson } from '../lib/request-json.ts';

/** Everything cached about the member's date watches ("Tell me if these dates free up"). */
export const dateWatchesKey = ['date-watches'] as const;

/** The dates the signed-in member waits for (or was told are free), from today on; asked only when `enabled`. */
export function useDateWatches(enabled: boolean): UseQueryResult<DateWatch[], Error> {
  return useQuery({
    queryKey: dateWatchesKey,
    queryFn: async ({ signal }) => (await requestJson<DateWatchList>('GET', '/api/me/date-watches', undefined, signal)).watches,
    enabled,
    staleTime: 30_000,
  });
}

/** Asks to be told when these dates free up (asking again answers the same watch). */
export function useWatchDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watch: CreateDateWatch) => requestJson<DateWatch>('POST', '/api/me/date-watches', watch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dateWatchesKey }),
  });
}

/** Stops a watch; one already stopped (on another device) is as good as stopped. */
export function useStopWatchingDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (watchId: string) => {
      try {
        await requestJson<void>('DELETE', `/api/me/date-watches/${encodeURIComponent(watchId)}`);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dateWatchesKey }),
  });
}
