import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { SavedItemIds, SavedItemState } from '@toolshed/core/contract';
import { useCallback } from 'react';
import { errorMessage, isNotFound } from '../lib/api-error.ts';
import { loginPathFrom } from '../lib/login-path.ts';
import { requestJson } from '../lib/request-json.ts';
import { useLocation, useNavigate } from '../lib/router/index.ts';
import { useToast } from '../lib/toast.tsx';
import { useAuth } from './auth-provider.tsx';
import { useDataSource } from './data-source.tsx';

/** The address's parameter naming an item a visitor pressed the heart of before signing in (app/pending-save.ts saves it). */
export const PENDING_SAVE_PARAM = 'save';

/** Everything cached about the member's saved items starts with this (a change reads all of it again). */
export const savedKey = ['saved'] as const;
const savedIdsKey = [...savedKey, 'ids'] as const;

const itemPath = (itemId: string) => `/api/me/saved/${encodeURIComponent(itemId)}`;

/** The ids of every item the signed-in member saved, for the hearts; asked only when `enabled`. */
export function useSavedIds(enabled: boolean): UseQueryResult<ReadonlySet<string>, Error> {
  return useQuery({
    queryKey: savedIdsKey,
    queryFn: async ({ signal }) => new Set((await requestJson<SavedItemIds>('GET', '/api/me/saved/ids', undefined, signal)).itemIds),
    enabled,
    staleTime: 60_000,
  });
}

export function saveItem(itemId: string): Promise<SavedItemState> {
  return requestJson<SavedItemState>('PUT', itemPath(itemId));
}

/** Removes it; one already gone (removed on another device) is as good as removed. */
export async function unsaveItem(itemId: string): Promise<void> {
  try {
    await requestJson<void>('DELETE', itemPath(itemId));
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
}

/**
 * Saves or removes an item. The hearts change at once and go back if the server refuses (the
 * error, e.g. the limit, is the caller's to show); the lists are read again afterwards.
 */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, save }: { itemId: string; save: boolean }) =>
      save ? saveItem(itemId).then(() => undefined) : unsaveItem(itemId),
    onMutate: async ({ itemId, save }) => {
      await queryClient.cancelQueries({ queryKey: savedIdsKey });
      const before = queryClient.getQueryData<ReadonlySet<string>>(savedIdsKey);
      if (before) {
        const next = new Set(before);
        if (save) next.add(itemId);
        else next.delete(itemId);
        queryClient.setQueryData(savedIdsKey, next);
      }
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(savedIdsKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedKey }),
  });
}

/** What a heart shows and does (ui/save-button.tsx draws it). */
export interface Heart {
  itemName: string;
  saved: boolean;
  onToggle(): void;
}

/**
 * The hearts of a list or a popup: `heartFor(item)` is its heart, or null where there is none (Mock
 * Data mode, which has no account to save to; the owner's own item; while the session is read). A
 * visitor's heart sends them to sign in and back to this page, where the save is then made.
 */
export function useSavedHearts(): (item: { id: string; name: string; ownerId: string }) => Heart | null {
  const { readOnly } = useDataSource();
  const { status, user } = useAuth();
  const signedIn = status === 'signed-in';
  const ids = useSavedIds(signedIn && !readOnly);
  const { mutate } = useToggleSaved();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const savedIds = ids.data;

  return useCallback(
    (item) => {
      if (readOnly || status === 'loading' || user?.id === item.ownerId) return null;
      const saved = signedIn && (savedIds?.has(item.id) ?? false);
      const onToggle = () => {
        if (!signedIn) {
          const params = new URLSearchParams(search);
          params.set(PENDING_SAVE_PARAM, item.id);
          void navigate(loginPathFrom(`${pathname}?${params}`));
          return;
        }
        mutate(
          { itemId: item.id, save: !saved },
          {
            onSuccess: () => toast.show(saved ? `Removed ${item.name} from saved` : `Saved ${item.name}`),
            onError: (err) => toast.show(errorMessage(err)),
          },
        );
      };
      return { itemName: item.name, saved, onToggle };
    },
    [readOnly, status, user?.id, signedIn, savedIds, mutate, toast, navigate, pathname, search],
  );
}
