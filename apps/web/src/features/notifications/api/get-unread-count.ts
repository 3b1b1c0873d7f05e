import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { requestJson } from '../../../lib/request-json.ts';

export const unreadCountKey = ['notifications', 'unread-count'] as const;

/** How many notifications the signed-in user has not read; polled so the badge stays current. */
export function useUnreadCount(enabled: boolean): UseQueryResult<{ count: number }, Error> {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: () => requestJson<{ count: number }>('GET', '/api/notifications/unread-count'),
    enabled,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
