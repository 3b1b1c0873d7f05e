import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../data/auth-provider.tsx';
import { meKey, type Me } from '../../../data/me.ts';
import { requestJson } from '../../../lib/request-json.ts';

/** Renames the signed-in user; the header's name follows through a fresh session read. */
export function useUpdateName() {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: (name: string) => requestJson<Me>('PATCH', '/api/me', { name }),
    onSuccess: async (me) => {
      queryClient.setQueryData(meKey, me);
      await refresh();
    },
  });
}
