import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../../lib/router/index.ts';
import { withFilter, type FilterKey } from './filter-params.ts';

export type UpdateParams = (update: (params: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => void;

/**
 * Changes the query of the current URL. It builds on the router's latest address at call time, not
 * on the last one drawn: navigations render as transitions, so a second change (the end date right
 * after the start, a debounced write) can come before the first is on screen, and must not undo
 * it. It keeps the current path, so a late write never closes an item popup opened in between.
 */
export function useUpdateParams(): UpdateParams {
  return useSearchParams()[1];
}

export const TYPING_DEBOUNCE_MS = 300;

/**
 * A text filter typed into a box: shown at once, written to the URL ~300 ms after typing stops.
 * The first write of a burst adds a history entry, later ones replace it, so Back skips keystrokes.
 * When the URL changes from elsewhere (Back, 'Clear filters'), the box follows it.
 */
export function useUrlTextFilter(key: FilterKey, updateParams: UpdateParams) {
  const [params] = useSearchParams();
  const urlValue = params.get(key) ?? '';
  // `basis` is the URL value the draft belongs to; a different URL value means an outside change.
  const [draft, setDraft] = useState({ text: urlValue, basis: urlValue });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inBurst = useRef(false);
  const text = draft.basis === urlValue ? draft.text : urlValue;

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      if (next.trim() === urlValue.trim()) return;
      updateParams((p) => withFilter(p, key, next.trim()), { replace: inBurst.current });
      inBurst.current = true;
      setDraft({ text: next, basis: next.trim() });
    },
    [key, updateParams, urlValue],
  );

  return {
    value: text,
    onChange(next: string) {
      setDraft({ text: next, basis: urlValue });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => commit(next), TYPING_DEBOUNCE_MS);
    },
    /** Write now (Enter, leaving the field) and start a new history entry next time. */
    flush() {
      commit(text);
      inBurst.current = false;
    },
    cancel() {
      clearTimeout(timer.current);
    },
  };
}
