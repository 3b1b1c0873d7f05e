import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { OwnerProfile } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** The signed-in member's track record as neighbours see it on their public page. */
export function useMyTrackRecord(userId: string): UseQueryResult<OwnerProfile['record'], Error> {
  return useQuery({
    queryKey: ['owner', userId, 'record'],
    queryFn: async () => (await requestJson<OwnerProfile>('GET', `/api/owners/${encodeURIComponent(userId)}`)).record,
    staleTime: 30_000,
  });
}
