import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { NotificationPreferences } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

const key = ['me', 'notification-preferences'] as const;
const path = '/api/me/notification-preferences';

export function useNotificationPreferences(): UseQueryResult<NotificationPreferences, Error> {
  return useQuery({ queryKey: key, queryFn: () => requestJson<NotificationPreferences>('GET', path) });
}

/** Saves on every change; the switch shows the new value at once and goes back if saving fails. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) => requestJson<NotificationPreferences>('PUT', path, prefs),
    onMutate: async (prefs) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      queryClient.setQueryData(key, prefs);
      return { before };
    },
    onError: (_err, _prefs, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
