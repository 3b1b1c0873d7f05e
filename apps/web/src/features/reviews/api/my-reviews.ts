import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MyReviews } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** Reviews the user received (visible ones), wrote, and still has to write: the first page of each, and each list's length. */
export function useMyReviews(): UseQueryResult<MyReviews, Error> {
  return useQuery({ queryKey: ['reviews', 'mine'], queryFn: () => requestJson<MyReviews>('GET', '/api/me/reviews'), staleTime: 30_000 });
}
