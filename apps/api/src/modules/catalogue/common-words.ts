/** A token of the search vocabulary with its estimated number of postings. */
export interface TokenPostings {
  token: string;
  postings: number;
}

/** What the statistics say: the most common tokens, and the listed items of each category. */
export interface WordStatistics {
  tokens: TokenPostings[];
  /** Listed items per category id (kept by triggers, migration 0009). */
  listed: Record<string, number>;
}

/**
 * Which search words are inside so many postings that reading them all costs more than walking the
 * items newest first ('with', 'and': tens of thousands of postings, 20-40 ms, against under 1 ms).
 * Known from PostgreSQL's statistics of `search_postings.token_id` (its most common values), read
 * again every few minutes in the background; until they are read, or where there are none (a small
 * catalogue), no word is common. Only the choice of path depends on it, never the answer.
 *
 * Within one category a word has only that category's share of its postings (estimated from the
 * listed counts): 'and' has 58,000 postings over 100,000 items but 4,000 in a category of 7,000
 * items, which the postings by category answer in about 1.5 ms where a walk of the category's items
 * takes 5-17 ms once a price or rating leaves fewer than the count's bound (measured, decision 018).
 */
export class CommonWords {
  private tokens: TokenPostings[] = [];
  private listed: Record<string, number> = {};
  private totalListed = 0;
  private readAt = -Infinity;
  private reading = false;

  constructor(
    private readonly read: () => Promise<WordStatistics>,
    private readonly threshold = 20_000,
    private readonly refreshMs = 300_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * True when the common tokens containing `word` have `threshold` postings or more between them,
   * in the category `categoryId` (its share of the listed items) or, for null, in the whole catalogue.
   */
  isCommon(word: string, categoryId: string | null = null): boolean {
    this.refreshInBackground();
    const share = this.shareOf(categoryId);
    let postings = 0;
    for (const t of this.tokens) {
      if (t.token.includes(word)) postings += t.postings * share;
      if (postings >= this.threshold) return true;
    }
    return false;
  }

  /** The category's fraction of the listed items; the whole catalogue (1) when unknown. */
  private shareOf(categoryId: string | null): number {
    if (categoryId === null || this.totalListed <= 0) return 1;
    const listed = this.listed[categoryId];
    return listed === undefined ? 1 : listed / this.totalListed;
  }

  private refreshInBackground(): void {
    if (this.reading || this.clock() - this.readAt < this.refreshMs) return;
    this.reading = true;
    this.readAt = this.clock();
    this.read()
      .then(({ tokens, listed }) => {
        this.tokens = tokens;
        this.listed = listed;
        this.totalListed = Object.values(listed).reduce((sum, n) => sum + n, 0);
      })
      // Statistics are a hint: without them every eligible word reads the postings, as on first start.
      .catch(() => undefined)
      .finally(() => {
        this.reading = false;
      });
  }
}
