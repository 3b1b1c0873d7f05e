import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationTab } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';
import { notificationsRootKey } from '../../../data/get-unread-count.ts';

/** Opening an entry reads everything in it. */
export function useOpenEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: { tab: NotificationTab; groupKey: string }) => requestJson<void>('POST', '/api/notifications/open', entry),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsRootKey }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<void>('POST', '/api/notifications/read-all', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsRootKey }),
  });
}
