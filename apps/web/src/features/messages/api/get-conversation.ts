import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Conversation } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** How often an open conversation asks for what is new: an indexed look past the last message. */
export const MESSAGES_POLL_MS = 3_000;
export const PEOPLE_POLL_MS = 5_000;

export interface ThreadRef {
  itemId: string;
  /** The owner names the renter; a renter leaves it out. */
  withId?: string | undefined;
}

export function conversationUrl({ itemId, withId }: ThreadRef, page: { before?: number; after?: number } = {}): string {
  const q = new URLSearchParams();
  if (withId) q.set('with', withId);
  if (page.before !== undefined) q.set('before', String(page.before));
  if (page.after !== undefined) q.set('after', String(page.after));
  const query = q.toString();
  return `/api/items/${encodeURIComponent(itemId)}/messages${query ? `?${query}` : ''}`;
}

export const fetchConversation = (ref: ThreadRef, page: { before?: number; after?: number } = {}) =>
  requestJson<Conversation>('GET', conversationUrl(ref, page));

export const conversationKey = (ref: ThreadRef) => ['messages', ref.itemId, ref.withId ?? null] as const;

/** The newest page of a thread (and, for the owner, the list of people). */
export function useConversation(ref: ThreadRef): UseQueryResult<Conversation, Error> {
  // Kept while the page is open: the live poll and older pages add to it.
  return useQuery({
    queryKey: conversationKey(ref),
    queryFn: () => fetchConversation(ref),
    staleTime: Infinity,
    gcTime: 0,
    // The owner's list of people, with no thread open, is refreshed so a new writer shows up.
    refetchInterval: (query) => (query.state.data && query.state.data.with === null ? PEOPLE_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}
