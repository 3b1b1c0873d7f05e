import { useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MyReviews } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { requestJson } from '../../../lib/request-json.ts';

/** Reviews the user received (visible ones), wrote, and still has to write: the first page of each, and each list's length. */
export function useMyReviews(): UseQueryResult<MyReviews, Error> {
  return useQuery({ queryKey: ['reviews', 'mine'], queryFn: () => requestJson<MyReviews>('GET', '/api/me/reviews'), staleTime: 30_000 });
}

/** The rest of one of those lists, a page at a time after the first. */
export interface RestOfList<T> {
  entries: T[];
  loading: boolean;
  error: string | null;
  loadMore: () => void;
}

/**
 * The entries of a paged list after its first page (`first`, as `/api/me/reviews` answered it),
 * fetched a page of `pageSize` at a time from `path` when asked, never showing an entry twice. Its
 * caller is keyed on the first page's answer, so a refreshed first page starts the rest afresh.
 */
export function useRestOfList<T, K extends string>(
  path: string,
  key: K,
  first: readonly T[],
  pageSize: number,
  idOf: (entry: T) => string,
): RestOfList<T> {
  const [entries, setEntries] = useState<T[]>([]);
  const [pagesLoaded, setPagesLoaded] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function loadMore() {
    if (loading) return;
    const page = pagesLoaded + 1;
    setLoading(true);
    setError(null);
    requestJson<Record<K, T[]>>('GET', `${path}?page=${page}&pageSize=${pageSize}`)
      .then((body) => {
        setPagesLoaded(page);
        setEntries((shown) => {
          const known = new Set([...first, ...shown].map(idOf));
          return [...shown, ...body[key].filter((e) => !known.has(idOf(e)))];
        });
      })
      .catch((err: unknown) => setError(errorMessage(err)))
      .finally(() => setLoading(false));
  }

  return { entries, loading, error, loadMore };
}
