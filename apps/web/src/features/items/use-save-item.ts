import { useQueryClient } from '@tanstack/react-query';
import type { ItemInput } from '@toolshed/core/contract';
import { useState } from 'react';
import { useNavigate } from '../../lib/router/index.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast.tsx';
import { createItem, refreshListings, updateItem } from './api/item-requests.ts';
import type { useExistingPhotos } from './use-existing-photos.ts';
import type { PhotoFailure, usePhotoUploads } from './use-photo-uploads.ts';

/** The spec's words for a failed save; the server's specific reason follows them. */
export const SAVE_FAILED = {
  add: 'Failed to add item. Please check that the address is valid and try again.',
  edit: 'Failed to update item. Please check that the address is valid and try again.',
} as const;

export type SaveOutcome =
  | { kind: 'idle' }
  /** Nothing was saved (or the details change failed). `field` is the form field the server named. */
  | { kind: 'failed'; lead: string; detail: string; field: string | undefined }
  /** The item is saved but some photo work is not and may pass on a retry: the form stays, with retries. */
  | { kind: 'photos'; detail: string; failures: PhotoFailure[] };

/** 'Item added. fake.jpg was not added: This image could not be read.' */
export function finishedMessage(mode: 'add' | 'edit', skipped: readonly PhotoFailure[]): string {
  const done = mode === 'add' ? 'Item added' : 'Item updated';
  if (skipped.length === 0) return done;
  return `${done}. ${skipped.map((f) => `${f.name} was not added: ${f.problem}`).join(' ')}`;
}

/** The server's own reason when it sent one (also for 503 geocoding failures), else plain words. */
export function serverReason(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && !error.code.startsWith('HTTP_') && error.code !== 'NOT_JSON') return error.message;
  return errorMessage(error);
}

interface Options {
  mode: 'add' | 'edit';
  itemId: string | undefined;
  existing: ReturnType<typeof useExistingPhotos>;
  uploads: ReturnType<typeof usePhotoUploads>;
}

const PHOTOS_FAILED = 'These photos could not be uploaded. Try again, or finish without them.';

/** `finish` moves on to the owner's items; photos that were left out are named there with their reason. */
function useFinish(mode: 'add' | 'edit') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  async function finish(id: string, skipped: readonly PhotoFailure[] = []) {
    await refreshListings(queryClient, id);
    toast.show(finishedMessage(mode, skipped));
    await navigate('/my-items');
  }
  return { queryClient, finish };
}

/**
 * Saving the form: the item first (created once; a later attempt updates the one created), then
 * the photo removals and order, then each new photo. A photo failure never loses the item.
 */
export function useSaveItem({ mode, itemId: knownId, existing, uploads }: Options) {
  const { queryClient, finish } = useFinish(mode);
  const [itemId, setItemId] = useState(knownId);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>({ kind: 'idle' });

  async function sendPhotos(id: string): Promise<boolean | 'moved-on'> {
    try {
      await existing.apply(id);
    } catch (err) {
      setOutcome({ kind: 'photos', detail: `The photo changes could not be saved: ${serverReason(err)}`, failures: [] });
      return false;
    }
    if (await uploads.uploadAll(id)) return true;
    const failures = uploads.failures();
    // Every failure is the server refusing the file itself: a retry cannot help, so move on.
    if (failures.length > 0 && failures.every((f) => f.permanent)) {
      await finish(id, failures);
      return 'moved-on';
    }
    setOutcome({ kind: 'photos', detail: PHOTOS_FAILED, failures });
    return false;
  }

  async function save(input: ItemInput): Promise<void> {
    setSaving(true);
    setOutcome({ kind: 'idle' });
    let id = itemId;
    try {
      if (id) await updateItem(id, input);
      else {
        id = (await createItem(input)).id;
        setItemId(id);
      }
    } catch (err) {
      setOutcome({
        kind: 'failed',
        lead: SAVE_FAILED[mode],
        detail: serverReason(err),
        field: err instanceof ApiError ? err.field : undefined,
      });
      setSaving(false);
      return;
    }
    const photosDone = await sendPhotos(id);
    setSaving(false);
    if (photosDone === true) await finish(id);
    else if (photosDone === false) await refreshListings(queryClient, id);
  }

  /** One failed photo again; when it was the last one missing, the save is complete. */
  async function retry(key: string) {
    if (!itemId) return;
    if ((await uploads.uploadOne(itemId, key)) && !uploads.hasUnsent()) await finish(itemId);
  }

  /** Every failed photo again, one after another. */
  async function retryAll() {
    if (!itemId) return;
    for (const { key } of uploads.failures()) await uploads.uploadOne(itemId, key);
    if (!uploads.hasUnsent()) await finish(itemId);
    else setOutcome({ kind: 'photos', detail: PHOTOS_FAILED, failures: uploads.failures() });
  }

  return {
    itemId,
    saving,
    outcome,
    save,
    retry,
    retryAll,
    /** Leaves the failed photos out and moves on, naming them. */
    finish: () => (itemId ? finish(itemId, outcome.kind === 'photos' ? uploads.failures() : []) : Promise.resolve()),
  };
}
