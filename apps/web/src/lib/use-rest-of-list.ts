import { useState } from 'react';
import { errorMessage } from './api-error.ts';
import { requestJson } from './request-json.ts';

/** The rest of a paged list after the first page a screen was given. */
export interface RestOfList<T> {
  /** The entries of the pages loaded after the first, none of them also on the first page. */
  entries: T[];
  loading: boolean;
  error: string | null;
  loadMore: () => void;
}

/**
 * The entries of a paged list after its first page (`first`, which the screen got with another
 * answer), fetched from `path` (`page`, `pageSize`, and the entries under `key`) a page at a time
 * when asked. An entry is never shown twice, even when it moved to the first page since (a newer
 * message, say). A screen whose first page is answered afresh and should start over keys itself on it.
 */
export function useRestOfList<T, K extends string>(
  path: string,
  key: K,
  first: readonly T[],
  pageSize: number,
  idOf: (entry: T) => string,
): RestOfList<T> {
  const [loaded, setLoaded] = useState<T[]>([]);
  const [pagesLoaded, setPagesLoaded] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function loadMore() {
    if (loading) return;
    const page = pagesLoaded + 1;
    const join = path.includes('?') ? '&' : '?';
    setLoading(true);
    setError(null);
    requestJson<Record<K, T[]>>('GET', `${path}${join}page=${page}&pageSize=${pageSize}`)
      .then((body) => {
        setPagesLoaded(page);
        setLoaded((shown) => {
          const known = new Set(shown.map(idOf));
          return [...shown, ...body[key].filter((e) => !known.has(idOf(e)))];
        });
      })
      .catch((err: unknown) => setError(errorMessage(err)))
      .finally(() => setLoading(false));
  }

  const onFirst = new Set(first.map(idOf));
  return { entries: loaded.filter((e) => !onFirst.has(idOf(e))), loading, error, loadMore };
}
