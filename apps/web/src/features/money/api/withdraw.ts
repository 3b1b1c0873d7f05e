import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalRequest } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** Asks for a withdrawal; the balance, transactions and withdrawals are asked again whatever the answer. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WithdrawalRequest) => requestJson<Withdrawal>('POST', '/api/me/withdrawals', request),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['balance'] }),
        queryClient.invalidateQueries({ queryKey: ['transactions'] }),
        queryClient.invalidateQueries({ queryKey: ['withdrawals'] }),
      ]),
  });
}
