import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankAccount, BankAccountRequest, WithdrawalsPage } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** The signed-in member's bank account for payouts, or null when there is none. */
export function useBankAccount() {
  return useQuery({
    queryKey: ['bank-account'],
    queryFn: async () => (await requestJson<{ bankAccount: BankAccount | null }>('GET', '/api/me/bank-account')).bankAccount,
    staleTime: 30_000,
  });
}

/** Adds the bank account, or replaces the one there is. */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BankAccountRequest) => requestJson<BankAccount>('PUT', '/api/me/bank-account', request),
    onSuccess: (account) => queryClient.setQueryData(['bank-account'], account),
  });
}

export function useRemoveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<null>('DELETE', '/api/me/bank-account'),
    onSuccess: () => queryClient.setQueryData(['bank-account'], null),
  });
}

/** The first page of the member's withdrawals with their states, newest first, and how many there are. */
export function useWithdrawals() {
  return useQuery({
    queryKey: ['withdrawals'],
    queryFn: () => requestJson<WithdrawalsPage>('GET', '/api/me/withdrawals'),
    staleTime: 10_000,
  });
}
