import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarSource, CalendarSourceInput, CalendarSources } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

const sourcesKey = ['calendar-sources'] as const;
/** The item popups' booked days change with a fetch. */
const itemKey = ['item'] as const;

/**
 * The owner's other calendars. While one has not been fetched yet (a minute at most after adding),
 * the list is asked again every 5 seconds so its result shows without a reload.
 */
export function useCalendarSources() {
  return useQuery({
    queryKey: sourcesKey,
    queryFn: async () => (await requestJson<CalendarSources>('GET', '/api/me/calendar-sources')).sources,
    refetchInterval: (query) => (query.state.data?.some((s) => s.lastFetchedAt === null) ? 5_000 : false),
  });
}

export function useAddCalendarSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarSourceInput) => requestJson<CalendarSource>('POST', '/api/me/calendar-sources', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey }),
  });
}

export function useRemoveCalendarSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestJson<null>('DELETE', `/api/me/calendar-sources/${encodeURIComponent(id)}`),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: sourcesKey }), queryClient.invalidateQueries({ queryKey: itemKey })]),
  });
}
