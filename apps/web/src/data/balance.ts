import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Balance } from '@toolshed/core/contract';
import { requestJson } from '../lib/request-json.ts';

/** How often the balance is asked again while a withdrawal is being paid out. */
const WHILE_PAYING_OUT_MS = 3_000;

/** The signed-in user's balance and earnings (the Money tab, and checkout's balance to pay from); refreshed while a withdrawal is on its way. */
export function useBalance(): UseQueryResult<Balance, Error> {
  return useQuery({
    queryKey: ['balance'],
    queryFn: () => requestJson<Balance>('GET', '/api/me/balance'),
    staleTime: 10_000,
    refetchInterval: (query) => ((query.state.data?.pendingDebitsPence ?? 0) > 0 ? WHILE_PAYING_OUT_MS : false),
  });
}
