import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/request-json.ts';
import { meKey, type Me } from '../../../data/me.ts';

export interface CodeSent {
  sentTo: string;
  expiresAt: string;
}

/** Saves the number (unverified) and texts it a code. */
export function useSendCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: { countryCode: string; number: string }) => requestJson<CodeSent>('POST', '/api/me/phone/code', phone),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => requestJson<Me>('POST', '/api/me/phone/verify', { code }),
    onSuccess: async (me) => {
      queryClient.setQueryData(meKey, me);
      // The Phone verified badge of the track record (and the public page) shows at once.
      await queryClient.invalidateQueries({ queryKey: ['owner', me.id] });
    },
  });
}
