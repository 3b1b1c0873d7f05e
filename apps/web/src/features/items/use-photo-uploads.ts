import type { ItemDetail } from '@toolshed/core/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { readImageKind } from '../../lib/read-image-kind.ts';
import { uploadImage } from './api/upload-image.ts';
import { checkPhotos } from './photo-checks.ts';

export type NewPhotoStatus = 'ready' | 'uploading' | 'failed';

export interface NewPhoto {
  key: string;
  file: File;
  /** An object URL for the preview; null once the server refused the file itself. */
  previewUrl: string | null;
  status: NewPhotoStatus;
  progress: number;
  /** Why the server refused it or the upload failed. */
  problem?: string;
  /** The server refused the file itself (not an image, too large): sending it again cannot help. */
  permanent?: boolean;
}

/** A chosen file refused in the browser: it never joins the photos, it is named beside the picker. */
export interface PhotoRefusal {
  name: string;
  problem: string;
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
 * The list of new photos and the preview URLs made for them (revoked when a photo goes, and all of
 * them on unmount). The list itself lives in a ref so the upload loop, which outlives the render that
 * started it, always sees the current one; every change goes through `change`.
 */
function usePhotoList() {
  const [photos, setPhotos] = useState<NewPhoto[]>([]);
  const mounted = useRef(true);
  const latest = useRef<NewPhoto[]>([]);
  const change = useCallback((next: (list: NewPhoto[]) => NewPhoto[]) => {
    latest.current = next(latest.current);
    setPhotos(latest.current);
  }, []);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const owned = urls.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      owned.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const update = useCallback(
    (key: string, values: Partial<NewPhoto>) => change((list) => list.map((p) => (p.key === key ? { ...p, ...values } : p))),
    [change],
  );
  const preview = useCallback((file: File) => {
    const previewUrl = URL.createObjectURL(file);
    urls.current.add(previewUrl);
    return previewUrl;
  }, []);
  const revoke = useCallback((previewUrl: string | null) => {
    if (!previewUrl) return;
    URL.revokeObjectURL(previewUrl);
    urls.current.delete(previewUrl);
  }, []);
  const remove = useCallback(
    (key: string) => {
      revoke(latest.current.find((p) => p.key === key)?.previewUrl ?? null);
      change((list) => list.filter((p) => p.key !== key));
    },
    [change, revoke],
  );

  /** Whether any photo still waits to be uploaded (read at once, not from the last render). */
  const hasUnsent = useCallback(() => latest.current.some((p) => p.status === 'ready' || p.status === 'failed'), []);

  /** The photos that failed on the server, read at once. */
  const failures = useCallback(
    (): PhotoFailure[] =>
      latest.current
        .filter((p) => p.status === 'failed')
        .map((p) => ({
          key: p.key,
          name: p.file.name,
          problem: p.problem ?? 'It could not be uploaded.',
          permanent: p.permanent ?? false,
        })),
    [],
  );
  return { photos, mounted, latest, change, update, preview, revoke, remove, hasUnsent, failures };
}

/**
 * Photos chosen in the form, from the browser's checks to the server's answer. The browser reads
 * each chosen file's first bytes: a file that is not really a JPEG, PNG or WebP (or is too large,
 * or one too many) is refused at once, with its reason, and never gets a preview. Each accepted
 * photo uploads on its own so it has its own progress and its own failure; a failed one keeps its
 * file for a retry. An uploaded photo leaves this list: `onUploaded` gets the item as the server
 * now has it.
 */
export function usePhotoUploads(onUploaded: (item: ItemDetail) => void) {
  const { photos, mounted, latest, change, update, preview, revoke, remove, hasUnsent, failures } = usePhotoList();
  /** The files refused from the last choice (a new choice replaces them). */
  const [refusals, setRefusals] = useState<PhotoRefusal[]>([]);
  /** Choices whose bytes are still being read: uploading waits for them. */
  const checking = useRef(new Set<Promise<void>>());

  /** `taken`: photos the item keeps already. Resolves once the files are checked and the accepted ones listed. */
  const add = useCallback(
    (files: readonly File[], taken: number): Promise<void> => {
      const check = (async () => {
        const kinds = await Promise.all(files.map(readImageKind));
        if (!mounted.current) return;
        const checked = checkPhotos(files, taken + latest.current.length, kinds);
        const added = checked.flatMap(({ file, problem }): NewPhoto[] =>
          problem ? [] : [{ key: `photo-${++nextKey}`, file, previewUrl: preview(file), status: 'ready', progress: 0 }],
        );
        setRefusals(checked.flatMap(({ file, problem }) => (problem ? [{ name: file.name, problem }] : [])));
        change((list) => [...list, ...added]);
      })();
      checking.current.add(check);
      return check.finally(() => checking.current.delete(check));
    },
    [change, preview, mounted, latest],
  );

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
        if (permanent) revoke(photo.previewUrl);
        update(key, { status: 'failed', problem: errorMessage(err), permanent, ...(permanent ? { previewUrl: null } : {}) });
        return false;
      }
    },
    [update, remove, revoke, latest],
  );

  /** Uploads every photo not yet on the server, one after another; true when none failed. */
  const uploadAll = useCallback(
    async (itemId: string): Promise<boolean> => {
      // A file chosen just before saving is still being checked: it is sent once it is listed.
      await Promise.all(checking.current);
      let ok = true;
      for (const { key } of latest.current.filter((p) => p.status === 'ready' || p.status === 'failed')) {
        ok = (await uploadOne(itemId, key)) && ok;
      }
      return ok;
    },
    [uploadOne, latest],
  );

  const failedCount = photos.filter((p) => p.status === 'failed').length;
  const busy = photos.some((p) => p.status === 'uploading');
  return { photos, refusals, add, remove, uploadOne, uploadAll, hasUnsent, failures, failedCount, busy };
}
