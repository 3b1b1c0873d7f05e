import type { QueryClient } from '@tanstack/react-query';
import { sessionKey } from '../../../data/session.ts';
import { meKey, type Me } from '../../../data/me.ts';

/** The page-wide event fired after the user's picture (or other public details) change. */
export const USER_DATA_UPDATED = 'userDataUpdated';

/**
 * After a change others see (picture, name): the account answer is stored, and the header (session),
 * owner pages and item cards are asked again, so they all show it at once without a reload.
 */
export async function userDataUpdated(queryClient: QueryClient, me: Me): Promise<void> {
  queryClient.setQueryData(meKey, me);
  window.dispatchEvent(new CustomEvent(USER_DATA_UPDATED, { detail: { userId: me.id } }));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKey }),
    queryClient.invalidateQueries({ queryKey: ['owner', me.id] }),
    queryClient.invalidateQueries({ queryKey: ['items'] }),
    queryClient.invalidateQueries({ queryKey: ['item'] }),
  ]);
}
