import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '@toolshed/core/contract';
import { conversationKey, fetchConversation, MESSAGES_POLL_MS, useConversation, type ThreadRef } from './api/get-conversation.ts';
import { markThreadRead, refreshAfterThreadChange } from './api/send-message.ts';

function merge(a: Message[], b: Message[]): Message[] {
  const bySeq = new Map<number, Message>();
  for (const m of [...a, ...b]) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((x, y) => x.seq - y.seq);
}

/**
 * One thread kept current: the newest page first, older pages on demand, then only what is new,
 * polled (an indexed look past the last message, nearly free when nothing happens). Everything
 * lands in the one cached conversation. Messages from the other person are marked read once shown
 * (their notices too, on the server), and what shows the unread counts is refreshed.
 */
export function useLiveThread(ref: ThreadRef, me: string | undefined) {
  const queryClient = useQueryClient();
  const key = conversationKey(ref);
  const first = useConversation(ref);
  const [loadingOlder, setLoadingOlder] = useState(false);

  const add = (fresh: Message[], extra: Partial<Conversation> = {}) =>
    queryClient.setQueryData<Conversation>(key, (old) => (old ? { ...old, ...extra, messages: merge(old.messages, fresh) } : old));

  useQuery({
    queryKey: [...key, 'new'],
    queryFn: async () => {
      const after = queryClient.getQueryData<Conversation>(key)?.messages.at(-1)?.seq ?? 0;
      const c = await fetchConversation(ref, { after });
      add(c.messages, { readUpTo: c.readUpTo });
      return c.messages.length;
    },
    enabled: first.isSuccess && first.data.with !== null,
    refetchInterval: MESSAGES_POLL_MS,
    refetchIntervalInBackground: false,
  });

  const messages = first.data?.messages ?? [];
  const lastSeq = messages.at(-1)?.seq ?? 0;
  const lastUnseen = messages.some((m) => m.senderId !== me && !m.isRead) ? lastSeq : 0;
  useEffect(() => {
    // Read on the server, then the People list, the bell and /notifications are fetched again.
    if (lastUnseen > 0)
      void markThreadRead(ref)
        .then(() => refreshAfterThreadChange(queryClient, ref))
        .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per newly shown message
  }, [lastUnseen]);

  async function loadOlder() {
    const oldest = messages[0];
    if (!oldest || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchConversation(ref, { before: oldest.seq });
      add(page.messages, { hasOlder: page.hasOlder });
    } finally {
      setLoadingOlder(false);
    }
  }

  return {
    first,
    messages,
    readUpTo: first.data?.readUpTo ?? 0,
    threads: first.data?.threads ?? [],
    threadsTotal: first.data?.threadsTotal ?? 0,
    hasOlder: first.data?.hasOlder ?? false,
    loadingOlder,
    loadOlder: () => void loadOlder().catch(() => undefined),
    added: (m: Message) => add([m]),
  };
}
