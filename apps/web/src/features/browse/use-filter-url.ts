import { useEffect, useRef, useState } from 'react';
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
  // `basis` is the URL value the draft belongs to; `pending` the values written to the URL and not
  // drawn yet (a navigation renders as a transition, a moment later). Until the last is drawn the URL
  // still reads an older value, and the box keeps what was typed: else it blanks, and a key typed then
  // replaces the whole text. Any other URL value is an outside change (Back, 'Clear filters').
  const [draft, setDraft] = useState<{ text: string; basis: string; pending: string[] }>({ text: urlValue, basis: urlValue, pending: [] });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inBurst = useRef(false);
  if (draft.pending.length > 0 && draft.pending.at(-1) === urlValue) {
    // The last write is drawn: from now on the draft belongs to it (a state update while rendering,
    // as React allows for what follows from the previous render).
    setDraft((d) => ({ text: d.text, basis: urlValue, pending: d.pending.slice(d.pending.lastIndexOf(urlValue) + 1) }));
  }
  const text = draft.basis === urlValue || draft.pending.includes(urlValue) ? draft.text : urlValue;

  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(next: string) {
    clearTimeout(timer.current);
    if (next.trim() === urlValue.trim()) return;
    updateParams((p) => withFilter(p, key, next.trim()), { replace: inBurst.current });
    inBurst.current = true;
    setDraft((d) => ({ text: next, basis: d.basis, pending: [...d.pending, next.trim()] }));
  }

  return {
    value: text,
    onChange(next: string) {
      setDraft((d) => ({ text: next, basis: d.pending.length > 0 ? d.basis : urlValue, pending: d.pending }));
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
