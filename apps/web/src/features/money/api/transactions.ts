import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TransactionsPage } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;

/** Where the browser downloads every transaction as CSV (the server names the file). */
export const TRANSACTIONS_CSV_URL = '/api/me/transactions.csv';

/** One page of the signed-in user's transactions, newest first. */
export function useTransactions(page: number): UseQueryResult<TransactionsPage, Error> {
  return useQuery({
    queryKey: ['transactions', page],
    queryFn: () => requestJson<TransactionsPage>('GET', `/api/me/transactions?page=${page}&pageSize=${TRANSACTIONS_PAGE_SIZE}`),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}
