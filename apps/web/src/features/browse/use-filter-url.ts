import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  // The box shows `text` and nothing else: what was typed, or what an outside change put in the URL.
  // Nothing here is worked out while rendering. A navigation renders as a transition, and a key can
  // interrupt a transition's render, which React then throws away: a decision taken in that render
  // (that the write was drawn) would be lost or, worse, applied to a state it was not taken from, and
  // the box would jump back to the older URL value under the next key, which replaced the text.
  const [text, setText] = useState(urlValue);
  // Values written to the URL that no committed render has shown yet, oldest first.
  const pending = useRef<string[]>([]);
  const drawn = useRef(urlValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inBurst = useRef(false);

  useLayoutEffect(() => {
    if (drawn.current === urlValue) return;
    drawn.current = urlValue;
    const ours = pending.current.indexOf(urlValue);
    if (ours >= 0) {
      // One of our own writes is on screen: the box already holds it, or what was typed since.
      pending.current = pending.current.slice(ours + 1);
      return;
    }
    // An outside change (Back, 'Clear filters'): the box follows the URL, and a write still waiting
    // for a pause in typing is dropped rather than undoing it. Before paint, so no frame shows the old text.
    pending.current = [];
    clearTimeout(timer.current);
    inBurst.current = false;
    setText(urlValue);
  }, [urlValue]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(next: string) {
    clearTimeout(timer.current);
    const latest = pending.current.at(-1) ?? drawn.current;
    if (next.trim() === latest.trim()) return;
    updateParams((p) => withFilter(p, key, next.trim()), { replace: inBurst.current });
    inBurst.current = true;
    pending.current = [...pending.current, next.trim()];
  }

  return {
    value: text,
    onChange(next: string) {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => commit(next), TYPING_DEBOUNCE_MS);
    },
    /** Write now (Enter, leaving the field) and start a new history entry next time. */
    flush() {
      commit(text);
      inBurst.current = false;
    },
    /** Empty the box and drop a write still waiting for a pause ('Clear filters'). */
    clear() {
      clearTimeout(timer.current);
      pending.current = [];
      inBurst.current = false;
      setText('');
    },
    /** Drop what was typed and not yet written (a suggestion was opened instead): the box shows the address's value again. */
    discard() {
      clearTimeout(timer.current);
      inBurst.current = false;
      setText(pending.current.at(-1) ?? drawn.current);
    },
  };
}
