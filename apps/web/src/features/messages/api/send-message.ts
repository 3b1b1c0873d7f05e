import { useMutation } from '@tanstack/react-query';
import type { Message } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';
import type { ThreadRef } from './get-conversation.ts';

export function useSendMessage(ref: ThreadRef, onSent: (message: Message) => void) {
  return useMutation({
    mutationFn: (content: string) =>
      requestJson<Message>('POST', `/api/items/${encodeURIComponent(ref.itemId)}/messages`, { content, ...(ref.withId ? { with: ref.withId } : {}) }),
    onSuccess: onSent,
  });
}

/** The reader has seen what the other person sent. */
export function markThreadRead(ref: ThreadRef): Promise<void> {
  return requestJson<void>('POST', `/api/items/${encodeURIComponent(ref.itemId)}/messages/read`, ref.withId ? { with: ref.withId } : {});
}
