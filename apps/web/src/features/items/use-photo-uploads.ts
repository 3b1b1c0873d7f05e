import type { ItemDetail } from '@toolshed/core/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { uploadImage } from './api/upload-image.ts';
import { checkPhotos } from './photo-checks.ts';

export type NewPhotoStatus = 'refused' | 'ready' | 'uploading' | 'failed';

export interface NewPhoto {
  key: string;
  file: File;
  /** An object URL for the preview; null for a refused file. */
  previewUrl: string | null;
  status: NewPhotoStatus;
  progress: number;
  /** Why it was refused here or by the server. */
  problem?: string;
  /** The server refused the file itself (not an image, too large): sending it again cannot help. */
  permanent?: boolean;
}

export interface PhotoFailure {
  key: string;
  name: string;
  problem: string;
  permanent: boolean;
}

/** A 4xx about the file is final; no answer, a 5xx, a timeout or a rate limit may pass on a retry. */
export function isPermanentRefusal(err: unknown): boolean {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429 && err.status !== 401;
}

let nextKey = 0;

/**
 * Photos chosen in the form, from the browser's checks to the server's answer. Each uploads on its
 * own so it has its own progress and its own failure; a failed one keeps its file for a retry.
 * An uploaded photo leaves this list: `onUploaded` gets the item as the server now has it.
 */
export function usePhotoUploads(onUploaded: (item: ItemDetail) => void) {
  const [photos, setPhotos] = useState<NewPhoto[]>([]);
  // The list itself lives here so the upload loop, which outlives the render that started it,
  // always sees the current one; every change goes through `change`.
  const latest = useRef<NewPhoto[]>([]);
  const change = useCallback((next: (list: NewPhoto[]) => NewPhoto[]) => {
    latest.current = next(latest.current);
    setPhotos(latest.current);
  }, []);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const update = useCallback(
    (key: string, values: Partial<NewPhoto>) => change((list) => list.map((p) => (p.key === key ? { ...p, ...values } : p))),
    [change],
  );

  /** `taken`: photos the item keeps already; refused files do not count. */
  const add = useCallback((files: readonly File[], taken: number) => {
    const queued = latest.current.filter((p) => p.status !== 'refused').length;
    const added = checkPhotos(files, taken + queued).map(({ file, problem }): NewPhoto => {
      const previewUrl = problem ? null : URL.createObjectURL(file);
      if (previewUrl) urls.current.add(previewUrl);
      return { key: `photo-${++nextKey}`, file, previewUrl, status: problem ? 'refused' : 'ready', progress: 0, problem };
    });
    change((list) => [...list, ...added]);
  }, [change]);

  const remove = useCallback((key: string) => {
    const photo = latest.current.find((p) => p.key === key);
    if (photo?.previewUrl) {
      URL.revokeObjectURL(photo.previewUrl);
      urls.current.delete(photo.previewUrl);
    }
    change((list) => list.filter((p) => p.key !== key));
  }, [change]);

  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });

  const uploadOne = useCallback(
    async (itemId: string, key: string): Promise<boolean> => {
      const photo = latest.current.find((p) => p.key === key);
      if (!photo) return true;
      update(key, { status: 'uploading', progress: 0, problem: undefined });
      try {
        const item = await uploadImage(itemId, photo.file, (progress) => update(key, { progress }));
        remove(key);
        uploaded.current(item);
        return true;
      } catch (err) {
        const permanent = isPermanentRefusal(err);
        // The server could not read it as a picture: a preview would only show a broken image.
        if (permanent && photo.previewUrl) {
          URL.revokeObjectURL(photo.previewUrl);
          urls.current.delete(photo.previewUrl);
        }
        update(key, { status: 'failed', problem: errorMessage(err), permanent, ...(permanent ? { previewUrl: null } : {}) });
        return false;
      }
    },
    [update, remove],
  );

  /** Uploads every photo not yet on the server, one after another; true when none failed. */
  const uploadAll = useCallback(
    async (itemId: string): Promise<boolean> => {
      let ok = true;
      for (const { key } of latest.current.filter((p) => p.status === 'ready' || p.status === 'failed')) {
        ok = (await uploadOne(itemId, key)) && ok;
      }
      return ok;
    },
    [uploadOne],
  );

  const failedCount = photos.filter((p) => p.status === 'failed').length;
  const busy = photos.some((p) => p.status === 'uploading');

  /** Whether any photo still waits to be uploaded (read at once, not from the last render). */
  const hasUnsent = useCallback(() => latest.current.some((p) => p.status === 'ready' || p.status === 'failed'), []);

  /** The photos that failed on the server, read at once. */
  const failures = useCallback(
    (): PhotoFailure[] =>
      latest.current
        .filter((p) => p.status === 'failed')
        .map((p) => ({ key: p.key, name: p.file.name, problem: p.problem ?? 'It could not be uploaded.', permanent: p.permanent ?? false })),
    [],
  );

  return { photos, add, remove, uploadOne, uploadAll, hasUnsent, failures, failedCount, busy };
}
