import type { BrowseSort } from '@toolshed/core';

/** What the choice of path needs to know (common-words.ts): the estimated postings of each word, and a verdict. */
export interface SearchCosts {
  /** Estimated postings of the tokens containing `word` in the scope browsed; 0 for a word the statistics do not know (a rare one). */
  postings(word: string): number;
  /** True when walking the items newest first is expected to cost less than reading the postings of the rarest word. */
  preferWalk(words: string[]): boolean;
  /**
   * On the postings path: true when checking the other words on each of the driver's candidates is
   * expected to cost less than reading (and hashing) all their postings.
   */
  probeOthers(driver: string, others: string[]): boolean;
  /**
   * Words the walk newest first answers (`preferWalk`), across all categories: true when their items
   * are better counted from search_items' inverted index (every posting of the words read as a
   * bitmap, then each candidate's row until the bound's matches) than by walking on until the bound.
   */
  countFromIndex(words: string[]): boolean;
  /**
   * Within a radius: true when the rarest word's postings in the scope are few enough (`RARE_WITHIN`)
   * to be read and checked against the circle, rather than the circle's entries of the GiST index
   * being checked for the words.
   */
  rareWithin(driver: string): boolean;
  /**
   * In an order other than newest first, with no radius, on the postings path: true when reading every
   * match of the words from the postings and sorting them is expected to cost less than walking an
   * index in that order until `window` matches (nearest first: the GiST index, which checks the words
   * on each entry it passes in distance order, about 2 microseconds each). For relevance, true when
   * the words are intersected in search_items, which no walk can stop early in.
   */
  sortWhole(words: string[], sort: Exclude<BrowseSort, 'newest'>, window: number): boolean;
}

/** No statistics: every word is rare, and the postings answer every word they can; within a radius the circle is read, and in another order an index walked. */
export const NO_STATISTICS: SearchCosts = {
  postings: () => 0,
  preferWalk: () => false,
  countFromIndex: () => false,
  probeOthers: () => false,
  rareWithin: () => false,
  sortWhole: () => false,
};

/**
 * The most postings of a word read to find its matches within a circle (`keyedMatchesWithin`): each
 * is an entry of the postings index, checked against a box and the circle from the point it carries
 * (migration 0038), about 0.2 microseconds, where an entry of the GiST index of public points, checked
 * for the words, costs about 0.65 and a circle of 3 miles or more in a city holds several thousand
 * ('pole' within 10 miles of Leeds: 6,819 entries for 195 matches). Most words of item names have
 * 1,000 to 10,000 postings; only the commonest words of descriptions ('with', 'small') have more.
 */
export const RARE_WITHIN = 15_000;

/**
 * The words rarest first (fewest estimated postings, then the longest), the first of which drives a
 * search: the same order wherever one is chosen (`matchingItems`, `rareWordWithin`, the costs).
 */
export function rarestFirst(words: readonly string[], postings: (word: string) => number): [string, ...string[]] {
  return [...words].sort((a, b) => postings(a) - postings(b) || b.length - a.length) as [string, ...string[]];
}
