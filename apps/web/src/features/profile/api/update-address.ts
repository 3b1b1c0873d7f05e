import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';
import { meKey, type Me } from '../../../data/me.ts';

/** Saves the borrower address; the server formats the postcode and answers with the whole account. */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: Address) => requestJson<Me>('PUT', '/api/me/address', address),
    onSuccess: (me) => queryClient.setQueryData(meKey, me),
  });
}
