import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/request-json.ts';
import { meKey } from '../../../data/me.ts';

/** Makes a new private calendar address (any earlier one stops working); the address is shown only now. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<{ url: string }>('POST', '/api/me/calendar-feed'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}

export function useDisableCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<void>('DELETE', '/api/me/calendar-feed'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}

/** Why the account cannot be deleted now (open rentals, money held), or null. */
export function useDeletionBlocker(enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'deletion'],
    queryFn: () => requestJson<{ blocker: string | null }>('GET', '/api/me/deletion'),
    enabled,
    staleTime: 0,
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => requestJson<void>('DELETE', '/api/me', { password }) });
}
