import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedMembers, BlockLookup, BlockState, ReportInput, ReportReceipt } from '@toolshed/core/contract';
import { requestJson } from '../lib/request-json.ts';
import { useAuth } from './auth-provider.tsx';
import { useDataSource } from './data-source.tsx';

/** The members the signed-in member blocked. */
export const blocksKey = ['blocks'] as const;

/** Whether reporting and blocking are offered: to a signed-in member, on the real catalogue, not of themselves. */
export function useSafetyActions(memberId: string | undefined): { offered: boolean } {
  const { readOnly } = useDataSource();
  const { status, user } = useAuth();
  return { offered: !readOnly && status === 'signed-in' && memberId !== undefined && user?.id !== memberId };
}

/** Files a report; the answer is the words to show ("Thanks, we've received your report."). */
export function useReport() {
  return useMutation({ mutationFn: (input: ReportInput) => requestJson<ReportReceipt>('POST', '/api/reports', input) });
}

/** Whether the signed-in member blocked this member (asked only when `enabled`). */
export function useIsBlocked(memberId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...blocksKey, memberId],
    queryFn: ({ signal }) => requestJson<BlockLookup>('GET', `/api/me/blocks/${encodeURIComponent(memberId)}`, undefined, signal),
    enabled,
    staleTime: 60_000,
  });
}

/** The first page of the members the signed-in member blocked, and how many there are. */
export function useBlockedMembers(enabled: boolean) {
  return useQuery({
    queryKey: blocksKey,
    queryFn: ({ signal }) => requestJson<BlockedMembers>('GET', '/api/me/blocks', undefined, signal),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Blocks or unblocks a member. What browsing, owner pages and the wheelbarrow show depends on it,
 * so everything cached is read again afterwards.
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, blocked }: { memberId: string; blocked: boolean }) =>
      blocked
        ? requestJson<BlockState>('POST', `/api/me/blocks/${encodeURIComponent(memberId)}`).then(() => undefined)
        : requestJson<void>('DELETE', `/api/me/blocks/${encodeURIComponent(memberId)}`),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
