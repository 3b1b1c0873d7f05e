/**
 * A vocabulary held in memory (Mock Data's catalogue): the words of some texts, each with the
 * number of texts using it, answering what a search's plan asks (`VocabularyAnswer`) as the API's
 * `search_vocabulary` table does in SQL.
 */
import type { VocabularyAnswer } from './search-plan.ts';
import { slipDistance, slipsAllowed, stemOf, wordsOf } from './search-words.ts';

export interface Vocabulary {
  answer(words: readonly string[]): VocabularyAnswer;
}

export function vocabularyOf(texts: Iterable<string>): Vocabulary {
  const items = new Map<string, number>();
  for (const text of texts) for (const word of new Set(wordsOf(text))) items.set(word, (items.get(word) ?? 0) + 1);
  const stems = new Set([...items.keys()].map(stemOf));
  const all = [...items];
  return {
    answer(words) {
      const known = new Set<string>();
      const begins = new Set<string>();
      const nearSpellings = new Map<string, { word: string; items: number }[]>();
      for (const word of words) {
        if (items.has(word) || stems.has(stemOf(word))) known.add(word);
        if (all.some(([w]) => w.length > word.length && w.startsWith(word))) begins.add(word);
        const bound = slipsAllowed(word);
        if (bound > 0) {
          const near = all.filter(([w]) => slipDistance(word, w, bound) <= bound).map(([w, n]) => ({ word: w, items: n }));
          if (near.length > 0) nearSpellings.set(word, near);
        }
      }
      return { known, begins, nearSpellings };
    },
  };
}
