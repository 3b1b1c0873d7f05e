import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { NotificationList, NotificationTab } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';
import { UNREAD_POLL_MS } from '../../../data/get-unread-count.ts';

export const notificationsKey = (tab: NotificationTab) => ['notifications', 'list', tab] as const;

/** A tab of the notifications page, refreshed like the badge so new entries arrive on their own. */
export function useNotifications(tab: NotificationTab): UseQueryResult<NotificationList, Error> {
  return useQuery({
    queryKey: notificationsKey(tab),
    queryFn: () => requestJson<NotificationList>('GET', `/api/notifications?tab=${tab}`),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
