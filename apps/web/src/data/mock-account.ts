import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { todayInLondon, type IsoDate } from '@toolshed/core';
import { loadSample, type SampleModule } from './mock-source.ts';

/**
 * Mock Data mode's sample of an account screen (wanted posts, saved items, saved searches), read from
 * the sample catalogue's chunk. Read-only: nothing here is anyone's, and nothing can change it.
 */
export function useMockSample<T>(key: readonly string[], pick: (sample: SampleModule, today: IsoDate) => T): UseQueryResult<T, Error> {
  return useQuery({
    queryKey: ['mock-sample', ...key],
    queryFn: async () => pick(await loadSample(), todayInLondon()),
    staleTime: Infinity,
  });
}
