import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { WantedInput, WantedPage, WantedPost } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

export const wantedKey = ['wanted'] as const;

/** One wanted post: its offers for its author, the member's own listed items for anyone else. */
export function useWantedPost(id: string): UseQueryResult<WantedPost, Error> {
  return useQuery({
    queryKey: [...wantedKey, 'post', id],
    queryFn: ({ signal }) => requestJson<WantedPost>('GET', `/api/wanted/${encodeURIComponent(id)}`, undefined, signal),
  });
}

/** Open posts near a place (nearest first), or newest first without one. */
export function useOpenWanted(query: { near?: string | undefined; page: number }): UseQueryResult<WantedPage, Error> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.near) params.set('near', query.near);
  return useQuery({
    queryKey: [...wantedKey, 'open', params.toString()],
    queryFn: ({ signal }) => requestJson<WantedPage>('GET', `/api/wanted?${params}`, undefined, signal),
    placeholderData: (previous) => previous,
  });
}

export function useMyWanted(page: number): UseQueryResult<WantedPage, Error> {
  return useQuery({
    queryKey: [...wantedKey, 'mine', page],
    queryFn: ({ signal }) => requestJson<WantedPage>('GET', `/api/me/wanted?page=${page}`, undefined, signal),
    placeholderData: (previous) => previous,
  });
}

export function useCreateWanted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WantedInput) => requestJson<WantedPost>('POST', '/api/wanted', input),
    onSuccess: () => client.invalidateQueries({ queryKey: wantedKey }),
  });
}

export function useCloseWanted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestJson<WantedPost>('POST', `/api/wanted/${encodeURIComponent(id)}/close`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: wantedKey }),
  });
}

export function useOfferItem(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => requestJson<null>('POST', `/api/wanted/${encodeURIComponent(postId)}/offers`, { itemId }),
    onSuccess: () => client.invalidateQueries({ queryKey: wantedKey }),
  });
}
