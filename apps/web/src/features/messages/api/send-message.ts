import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Message } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';
import { notificationsRootKey } from '../../../data/get-unread-count.ts';
import { conversationKey, type ThreadRef } from './get-conversation.ts';

/**
 * Reading or writing in a thread changes what other screens show: the People list's unread counts
 * and order (in the conversation), the bell's count and /notifications (the server reads a thread's
 * message notices with its messages). They are fetched again now rather than at their next poll.
 */
export function refreshAfterThreadChange(queryClient: QueryClient, ref: ThreadRef): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationKey(ref), exact: true }),
    queryClient.invalidateQueries({ queryKey: notificationsRootKey }),
  ]);
}

export function useSendMessage(ref: ThreadRef, onSent: (message: Message) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      requestJson<Message>('POST', `/api/items/${encodeURIComponent(ref.itemId)}/messages`, {
        content,
        ...(ref.withId ? { with: ref.withId } : {}),
      }),
    onSuccess: (message) => {
      onSent(message);
      void refreshAfterThreadChange(queryClient, ref);
    },
  });
}

/** The reader has seen what the other person sent. */
export function markThreadRead(ref: ThreadRef): Promise<void> {
  return requestJson<void>('POST', `/api/items/${encodeURIComponent(ref.itemId)}/messages/read`, ref.withId ? { with: ref.withId } : {});
}
