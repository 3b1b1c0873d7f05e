import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/request-json.ts';
import { meKey, type Me } from '../../../data/me.ts';

/** Vacation mode on until a date, or off (null). Item popups and browsing follow at once. */
export function useSetVacation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (until: string | null) =>
      until ? requestJson<Me>('PUT', '/api/me/vacation', { until }) : requestJson<Me>('DELETE', '/api/me/vacation'),
    onSuccess: async (me) => {
      queryClient.setQueryData(meKey, me);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['items'] }), queryClient.invalidateQueries({ queryKey: ['item'] })]);
    },
  });
}
