/** A token of the search vocabulary with its estimated number of postings. */
export interface TokenPostings {
  token: string;
  postings: number;
}

/**
 * Which search words are inside so many postings that reading them all costs more than walking the
 * items newest first ('with', 'and': tens of thousands of postings, 20-40 ms, against under 1 ms).
 * Known from PostgreSQL's statistics of `search_postings.token_id` (its most common values), read
 * again every few minutes in the background; until they are read, or where there are none (a small
 * catalogue), no word is common. Only the choice of path depends on it, never the answer.
 */
export class CommonWords {
  private tokens: TokenPostings[] = [];
  private readAt = -Infinity;
  private reading = false;

  constructor(
    private readonly read: () => Promise<TokenPostings[]>,
    private readonly threshold = 20_000,
    private readonly refreshMs = 300_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** True when the common tokens containing `word` have `threshold` postings or more between them. */
  isCommon(word: string): boolean {
    this.refreshInBackground();
    let postings = 0;
    for (const t of this.tokens) {
      if (t.token.includes(word)) postings += t.postings;
      if (postings >= this.threshold) return true;
    }
    return false;
  }

  private refreshInBackground(): void {
    if (this.reading || this.clock() - this.readAt < this.refreshMs) return;
    this.reading = true;
    this.readAt = this.clock();
    this.read()
      .then((tokens) => {
        this.tokens = tokens;
      })
      // Statistics are a hint: without them every eligible word reads the postings, as on first start.
      .catch(() => undefined)
      .finally(() => {
        this.reading = false;
      });
  }
}
