import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { requestJson } from '../lib/request-json.ts';

/** Every notifications query (the bell's count, the lists) starts with this key. */
export const notificationsRootKey = ['notifications'] as const;
export const unreadCountKey = [...notificationsRootKey, 'unread-count'] as const;

/** How often the badge asks; one indexed count, and only while the page is visible. */
export const UNREAD_POLL_MS = 5_000;

/** How many notifications the signed-in user has not read; polled so the badge updates without a reload. */
export function useUnreadCount(enabled: boolean): UseQueryResult<{ count: number }, Error> {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: () => requestJson<{ count: number }>('GET', '/api/notifications/unread-count'),
    enabled,
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
