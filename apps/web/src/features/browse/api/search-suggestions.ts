import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchSuggestion } from '@toolshed/core/contract';
import { useEffect, useState } from 'react';
import { useDataSource } from '../../../data/data-source.tsx';

/** Suggestions wait for this pause in typing, so a word typed quickly is asked for once. */
export const SUGGESTIONS_DEBOUNCE_MS = 150;
/** Fewer characters than this suggest too much to be of use. */
export const MIN_SUGGESTION_LENGTH = 2;
const SUGGESTIONS_STALE_MS = 60_000;

const NONE: SearchSuggestion[] = [];

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Item names and categories for what is typed in a search box, from the API or Mock Data. Asked
 * once typing pauses, from two characters. At most one request is in flight: when the words
 * change, the query for the old ones loses its only reader and react-query aborts its request
 * (the signal reaches fetch). The last answer stays while the next loads, so the list does not
 * flicker between keys; below two characters there is none.
 */
export function useSearchSuggestions(text: string): SearchSuggestion[] {
  const { ready } = useDataSource();
  const typed = text.trim().replace(/\s+/g, ' ');
  const query = useSettled(typed, SUGGESTIONS_DEBOUNCE_MS);
  const enabled = typed.length >= MIN_SUGGESTION_LENGTH && query.length >= MIN_SUGGESTION_LENGTH;
  const suggestions = useQuery({
    queryKey: ['suggestions', query] as const,
    queryFn: async ({ signal }) => (await ready).getSuggestions(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: SUGGESTIONS_STALE_MS,
  });
  return enabled ? (suggestions.data?.suggestions ?? NONE) : NONE;
}
