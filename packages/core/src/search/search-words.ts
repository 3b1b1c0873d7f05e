/**
 * The words of a search and of an item's text, read the way PostgreSQL's 'english' text search
 * configuration reads them, so that the API (which matches in the database) and Mock Data (which
 * matches in memory) agree: letters and digits, lower-cased; English stop words dropped; each word's
 * stem by the Porter2 (Snowball English) algorithm, the one PostgreSQL's `english_stem` dictionary
 * uses. A test on both databases checks the stems and stop words against PostgreSQL's own.
 */
import { stem } from 'porter2';

/** The most words of one search that are matched; the rest are ignored (a search is at most 100 characters). */
export const MAX_SEARCH_CLAUSES = 8;

/** The most suggestions shown while typing. */
export const MAX_SUGGESTIONS = 8;

/** Words longer than this are not words people type: never looked up, never corrected. */
export const MAX_WORD_LENGTH = 40;

/**
 * PostgreSQL's English stop list (the Snowball one, `english.stop`): words too common to search by.
 * `to_tsvector('english', ...)` leaves them out of an item's text, so a search leaves them out too.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself ' +
    'they them their theirs themselves what which who whom this that these those am is are was were be been being have has had ' +
    'having do does did doing a an the and but if or because as until while of at by for with about against between into through ' +
    'during before after above below to from up down in out on off over under again further then once here there when where why ' +
    'how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

/** The words of a text: runs of letters and digits, lower-cased, in order (stop words included). */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= MAX_WORD_LENGTH);
}

export const isStopWord = (word: string): boolean => ENGLISH_STOP_WORDS.has(word);

/** A word's stem as PostgreSQL's English dictionary gives it ('ladders' -> 'ladder', 'mowing' -> 'mow'); codes and numbers as they are. */
export function stemOf(word: string): string {
  return /\p{N}/u.test(word) ? word : stem(word);
}

/**
 * How many typing slips a word may carry and still be read as another (as Meilisearch counts them):
 * none below 5 letters, one from 5, two from 9. Codes and numbers are never corrected.
 */
export function slipsAllowed(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * The edit distance between two words counting a swap of two neighbouring letters as one slip
 * (optimal string alignment), or `bound + 1` as soon as it must exceed `bound`.
 */
export function slipDistance(a: string, b: string, bound: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > bound) return bound + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      rowBest = Math.min(rowBest, d);
    }
    if (rowBest > bound) return bound + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[t.length]!, bound + 1);
}
