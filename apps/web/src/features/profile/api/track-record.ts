import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { OwnerProfile } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** The signed-in member's track record, with how they cancelled, as neighbours see it on their public page. */
export function useMyTrackRecord(userId: string): UseQueryResult<Pick<OwnerProfile, 'record' | 'cancellations'>, Error> {
  return useQuery({
    queryKey: ['owner', userId, 'record'],
    queryFn: async () => {
      const { record, cancellations } = await requestJson<OwnerProfile>('GET', `/api/owners/${encodeURIComponent(userId)}`);
      return { record, cancellations };
    },
    staleTime: 30_000,
  });
}
