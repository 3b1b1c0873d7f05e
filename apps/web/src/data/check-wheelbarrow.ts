import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { WheelbarrowCheckResponse } from '@toolshed/core/contract';
import { useDataSource } from './data-source.tsx';
import { requestJson } from '../lib/request-json.ts';
import { useAuth } from './auth-provider.tsx';
import type { WheelbarrowLine } from './wheelbarrow-store.tsx';

export interface LineDates {
  itemId: string;
  startDate: string;
  endDate: string;
}

/** The answer together with the lines it was for, so a stale answer is never applied to new dates. */
export interface WheelbarrowCheck {
  asked: LineDates[];
  answer: WheelbarrowCheckResponse;
}

export function lineDates(lines: readonly WheelbarrowLine[]): LineDates[] {
  return lines.map(({ itemId, startDate, endDate }) => ({ itemId, startDate, endDate }));
}

export const wheelbarrowCheckRoot = 'wheelbarrow-check';

/**
 * Asks the server how the saved lines stand now: current prices, and lines whose item is gone or
 * whose dates are taken. The user is in the key because their own items cannot be rented by them.
 * Mock Data has no server, so nothing is asked there.
 */
export function useWheelbarrowCheck(lines: readonly WheelbarrowLine[]): UseQueryResult<WheelbarrowCheck, Error> {
  const { mode } = useDataSource();
  const { status, user } = useAuth();
  const asked = lineDates(lines);
  return useQuery({
    queryKey: [wheelbarrowCheckRoot, user?.id ?? null, asked],
    queryFn: async () => ({
      asked,
      answer: await requestJson<WheelbarrowCheckResponse>('POST', '/api/wheelbarrow/check', { lines: asked }),
    }),
    enabled: mode === 'api' && status !== 'loading' && asked.length > 0,
    staleTime: 15_000,
    // While new dates are being checked, the other lines keep their last known state.
    placeholderData: (previous) => previous,
  });
}
