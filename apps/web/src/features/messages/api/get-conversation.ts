import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
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

/**
 * A fresh newest page with what was already shown: older pages loaded and messages added by the
 * live poll or the composer stay (the fresh page wins where both have a message, e.g. now read).
 * When more came than the fresh page holds, the two may not meet: then only the fresh page is kept.
 */
function keepShown(shown: Conversation | undefined, fresh: Conversation): Conversation {
  const first = fresh.messages[0];
  const lastShown = shown?.messages.at(-1);
  if (!shown || !first || !lastShown || (lastShown.seq < first.seq && fresh.hasOlder)) return fresh;
  const bySeq = new Map(shown.messages.map((m) => [m.seq, m]));
  for (const m of fresh.messages) bySeq.set(m.seq, m);
  const messages = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  return { ...fresh, messages, hasOlder: messages[0]!.seq < first.seq ? shown.hasOlder : fresh.hasOlder };
}

/** The newest page of a thread (and, for the owner, the list of people). */
export function useConversation(ref: ThreadRef): UseQueryResult<Conversation, Error> {
  const queryClient = useQueryClient();
  // Kept while the page is open: the live poll and older pages add to it, and a refresh (after
  // reading or writing, for the People list's unread counts) keeps them.
  return useQuery({
    queryKey: conversationKey(ref),
    queryFn: async () => keepShown(queryClient.getQueryData<Conversation>(conversationKey(ref)), await fetchConversation(ref)),
    staleTime: Infinity,
    gcTime: 0,
    // The owner's list of people, with no thread open, is refreshed so a new writer shows up.
    refetchInterval: (query) => (query.state.data && query.state.data.with === null ? PEOPLE_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}
