import type { BrowseFilters } from '@toolshed/core';
import { COUNT_BOUND } from './browse-sql.ts';
import { NO_STATISTICS, RARE_WITHIN, rarestFirst, type SearchCosts } from './search-costs.ts';

/** A token of the search vocabulary with its estimated number of postings. */
export interface TokenPostings {
  token: string;
  postings: number;
}

/** PostgreSQL's statistics of one numeric column (pg_stats): what share of rows has which values. */
export interface ColumnStatistics {
  nullFraction: number;
  commonValues: number[];
  commonFrequencies: number[];
  /** Bounds of equally filled buckets of the other values, ascending. */
  histogram: number[];
}

/** What the statistics say about the catalogue, read in the background every few minutes. */
export interface WordStatistics {
  /** The most common tokens of the postings and their estimated postings. */
  tokens: TokenPostings[];
  /** Listed items per category id (kept by triggers, migration 0009). */
  listed: Record<string, number>;
  /** items.daily_rate_pence and items.owner_rating, when analysed. */
  price?: ColumnStatistics | undefined;
  rating?: ColumnStatistics | undefined;
}

/**
 * Costs per row in microseconds, measured on 100,000 items (decision 018): a walk of the browse
 * index newest first, checking the filters and the text from the index, about 0.35; a posting read
 * from the postings index, about 0.15, and as much again to sort one that passes the filters; each
 * further word, one probe of about 1 per candidate.
 */
const WALK_ROW = 0.35;
const POSTING_READ = 0.15;
const POSTING_SORT = 0.15;
const OTHER_WORD_PROBE = 1;
/** A further word checked on one candidate from the browse index (one descent), about 2; hashing a posting of it instead, about 0.2. */
const TEXT_PROBE = 2;
const POSTING_HASH = 0.2;
/**
 * An entry of an index walked in an order other than newest first, its words checked on it: the price
 * and rating indexes about as a browse index (0.35, with the page's sort), the GiST index nearest first
 * about 2 (a priority queue of distances: 'steam' from York, 4,931 entries passed for 72 matches in 9.7 ms).
 */
const ORDERED_WALK_ROW = 0.5;
const NEAREST_WALK_ROW = 2;
/**
 * A posting that passes the filters, read whole to be sorted: its item made unique, its key (for
 * nearest first, the distance from its point) and its place in the sort, about 0.6 nearest first
 * ('mower', 3,865 postings, in 3.0 ms), 0.35 by price or rating.
 */
const WHOLE_NEAREST_ROW = 0.6;
const WHOLE_ORDERED_ROW = 0.35;
/** Several words intersected in search_items' inverted index: each posting of the list read, and each match's row. */
const INDEX_POSTING = 0.05;
const INTERSECTED_ROW = 0.4;
/** Share of items free on the days asked: bookings are days in months, most items are free on most days. */
const FREE_ON_DATES = 0.85;

/** Share of rows with a value at most `x` (or below it when `strict`), from the column's statistics. */
export function shareAtMost(stats: ColumnStatistics, x: number, strict = false): number {
  const within = (v: number) => (strict ? v < x : v <= x);
  let common = 0;
  let commonWithin = 0;
  stats.commonValues.forEach((v, i) => {
    const f = stats.commonFrequencies[i] ?? 0;
    common += f;
    if (within(v)) commonWithin += f;
  });
  const rest = Math.max(0, 1 - stats.nullFraction - common);
  const h = stats.histogram;
  let histogramShare = 0;
  if (h.length >= 2) {
    const buckets = h.length - 1;
    if (x >= h[buckets]!) histogramShare = 1;
    else if (x > h[0]!) {
      let b = 0;
      while (b < buckets && h[b + 1]! <= x) b += 1;
      const low = h[b]!;
      const high = h[b + 1]!;
      histogramShare = (b + (high > low ? (x - low) / (high - low) : 1)) / buckets;
    }
  }
  return Math.min(1, commonWithin + rest * histogramShare);
}

/**
 * Chooses, per browse, between the two ways of finding the matches of search words (matches-sql.ts):
 * reading the postings of the rarest word, whose cost grows with that word's postings in the scope,
 * or walking the items newest first until the count's bound, whose cost grows with how rare all the
 * conditions together are. 'and' (58,000 postings in 100,000 items) is cheap to walk and dear to
 * read; with a price of £5 and a rating of 4, the walk would cross most of the catalogue. 'ring'
 * (in 'bring', 'spring', 'string': 18,600 postings) likewise, and 'and' within one category has only
 * that category's share of its postings.
 *
 * The postings of the most common tokens come from PostgreSQL's statistics of
 * `search_postings.token_id`, the shares of prices and ratings from those of `items`: read again
 * every few minutes in the background. Until they are read, or where there are none (a small
 * catalogue), the postings answer every word they can. Only the path depends on this, never the answer.
 */
export class CommonWords {
  private stats: WordStatistics = { tokens: [], listed: {} };
  private totalListed = 0;
  private readAt = -Infinity;
  private reading = false;

  constructor(
    private readonly read: () => Promise<WordStatistics>,
    private readonly refreshMs = 300_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The costs of searching in `categoryId` (null: every category) with the other filters of `filters`. */
  costsFor(categoryId: string | null, filters: Pick<BrowseFilters, 'maxPricePence' | 'minRating' | 'startDate' | 'endDate'>): SearchCosts {
    this.refreshInBackground();
    if (this.stats.tokens.length === 0 || this.totalListed <= 0) return NO_STATISTICS;
    const known = categoryId === null ? this.totalListed : this.stats.listed[categoryId];
    // A category listed since the counts were read: judged as the whole catalogue.
    const listed = known ?? this.totalListed;
    const share = listed / this.totalListed;
    // Asked several times per browse (sorting the words, each verdict): each word's sum is taken once.
    const sums = new Map<string, number>();
    const postings = (word: string) => {
      let sum = sums.get(word);
      if (sum === undefined) {
        sum = 0;
        for (const t of this.stats.tokens) if (t.token.includes(word)) sum += t.postings;
        sums.set(word, sum);
      }
      return sum * share;
    };
    const filterShare = this.filterShare(filters);
    const probeOthers = (driver: string, others: string[]) => {
      const candidates = postings(driver) * filterShare;
      const hashed = others.reduce((sum, w) => sum + postings(w), 0) * POSTING_HASH;
      return candidates * others.length * TEXT_PROBE < hashed;
    };
    /** Several words across all categories, not probed: their items intersected in search_items' inverted index (decision 020). */
    const intersected = (words: string[]) => {
      if (words.length < 2 || categoryId !== null) return false;
      const [driver, ...others] = rarestFirst(words, postings);
      return !probeOthers(driver, others);
    };
    /** The rarest word's postings, and the share of items holding every word (taken as independent). */
    const shares = (words: string[]) => {
      const each = words.map(postings);
      return { driver: Math.min(...each), wordShare: each.reduce((s, p) => s * Math.min(1, p / listed), 1) };
    };
    /** Reading the driver's postings, and for each that passes the filters `perMatch` and a probe per further word. */
    const readingPostings = (driver: number, words: string[], perMatch: number) =>
      driver * POSTING_READ + driver * filterShare * (perMatch + OTHER_WORD_PROBE * (words.length - 1));
    return {
      postings,
      preferWalk: (words) => {
        if (words.length === 0 || listed <= 0) return false;
        const { driver, wordShare } = shares(words);
        if (driver <= 0) return false;
        const walkRows = Math.min(listed, (COUNT_BOUND + 1) / Math.max(1e-9, wordShare * filterShare));
        return walkRows * WALK_ROW < readingPostings(driver, words, POSTING_SORT);
      },
      countFromIndex: (words) => {
        if (words.length === 0 || listed <= 0) return false;
        const { wordShare } = shares(words);
        const candidates = listed * wordShare;
        const walk = Math.min(listed, (COUNT_BOUND + 1) / Math.max(1e-9, wordShare * filterShare)) * WALK_ROW;
        // Across all categories only: the bitmap holds every category's candidates.
        const everyPosting = words.reduce((sum, w) => sum + postings(w), 0) * INDEX_POSTING;
        return everyPosting + Math.min(candidates, (COUNT_BOUND + 1) / Math.max(1e-9, filterShare)) * INTERSECTED_ROW < walk;
      },
      probeOthers,
      // A word unknown to the statistics is rarer than every token they list.
      // Every posting is read, whatever the other filters keep: they are checked on each.
      rareWithin: (driver) => postings(driver) <= RARE_WITHIN,
      sortWhole: (words, sort, window) => {
        if (words.length === 0 || listed <= 0) return false;
        const intersect = intersected(words);
        // Relevance walks the newest first, tier by tier, and stops early; but an intersection has no
        // order, so each tier's walk and the count read every match again: once is cheaper.
        if (sort === 'relevance') return intersect;
        const { driver, wordShare } = shares(words);
        // A word unknown to the statistics is rarer than every token they list: its matches are few.
        if (driver <= 0) return true;
        const matchShare = wordShare * filterShare;
        // The walk, and the count beside it, which reads the postings up to the bound's matches.
        const walk =
          Math.min(listed, window / Math.max(1e-9, matchShare)) * (sort === 'nearest' ? NEAREST_WALK_ROW : ORDERED_WALK_ROW) +
          Math.min(driver, (COUNT_BOUND + 1) / Math.max(1e-9, filterShare)) * (POSTING_READ + filterShare * POSTING_SORT);
        const sorted = sort === 'nearest' ? WHOLE_NEAREST_ROW : WHOLE_ORDERED_ROW;
        const whole = intersect
          ? driver * INDEX_POSTING + listed * matchShare * (INTERSECTED_ROW + sorted)
          : readingPostings(driver, words, sorted);
        return whole < walk;
      },
    };
  }

  /** Estimated share of items passing the price, rating and dates filters together (taken as independent). */
  private filterShare(f: Pick<BrowseFilters, 'maxPricePence' | 'minRating' | 'startDate' | 'endDate'>): number {
    let share = 1;
    if (f.maxPricePence !== undefined) share *= this.stats.price ? shareAtMost(this.stats.price, f.maxPricePence) : 0.5;
    if (f.minRating !== undefined) {
      const r = this.stats.rating;
      share *= r ? Math.max(0, 1 - r.nullFraction - shareAtMost(r, f.minRating, true)) : 0.5;
    }
    if (f.startDate && f.endDate) share *= FREE_ON_DATES;
    return share;
  }

  private refreshInBackground(): void {
    if (this.reading || this.clock() - this.readAt < this.refreshMs) return;
    this.reading = true;
    this.readAt = this.clock();
    this.read()
      .then((stats) => {
        this.stats = stats;
        this.totalListed = Object.values(stats.listed).reduce((sum, n) => sum + n, 0);
      })
      // Statistics are a hint: without them every eligible word reads the postings, as on first start.
      .catch(() => undefined)
      .finally(() => {
        this.reading = false;
      });
  }
}
