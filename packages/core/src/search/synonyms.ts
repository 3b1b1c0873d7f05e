/**
 * The synonym groups (synonym-groups.ts) looked up by meaning: each term by the stems of its words,
 * so 'hoovers' finds the group of 'hoover' and 'jet washing' the group of 'jet wash'.
 */
import { SYNONYM_GROUPS } from './synonym-groups.ts';
import { stemOf, wordsOf } from './search-words.ts';

const keyOf = (words: readonly string[]) => words.map(stemOf).join(' ');

/** Each term's key (its words' stems) -> the words of every term of its groups. */
const TERMS: ReadonlyMap<string, readonly (readonly string[])[]> = (() => {
  const groupsByKey = new Map<string, Set<number>>();
  const termsOfGroup = SYNONYM_GROUPS.map((group) => group.terms.map((term) => wordsOf(term)));
  termsOfGroup.forEach((terms, index) => {
    for (const words of terms) {
      const key = keyOf(words);
      const groups = groupsByKey.get(key) ?? new Set<number>();
      groups.add(index);
      groupsByKey.set(key, groups);
    }
  });
  const out = new Map<string, (readonly string[])[]>();
  for (const [key, groups] of groupsByKey) {
    const others: (readonly string[])[] = [];
    const seen = new Set<string>([key]);
    for (const index of groups) {
      for (const words of termsOfGroup[index]!) {
        const k = keyOf(words);
        if (!seen.has(k)) {
          seen.add(k);
          others.push(words);
        }
      }
    }
    out.set(key, others);
  }
  return out;
})();

/** The most words in one term. */
export const LONGEST_SYNONYM = Math.max(1, ...SYNONYM_GROUPS.flatMap((g) => g.terms.map((t) => wordsOf(t).length)));

/** The other terms that mean what `words` means (each a list of words), or none. */
export function synonymsOf(words: readonly string[]): readonly (readonly string[])[] {
  return TERMS.get(keyOf(words)) ?? [];
}
