import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { RenterStanding } from '@toolshed/core';
import { requestJson } from '../../../lib/request-json.ts';

/** The signed-in renter's verified phone and completed rentals, asked only when an item asks for them. */
export function useRenterStanding(enabled: boolean): UseQueryResult<RenterStanding, Error> {
  return useQuery({
    queryKey: ['me', 'renter-standing'],
    queryFn: () => requestJson<RenterStanding>('GET', '/api/me/renter-standing'),
    enabled,
    staleTime: 30_000,
  });
}
