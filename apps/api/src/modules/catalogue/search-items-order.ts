import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { rewriteSearchItemsInOrder, searchItemsScatter } from './search-items-order-repository.ts';

/**
 * search_items is kept in category order (migration 0049, decision 020): the matches of several words
 * across all categories, mostly of one category, then lie on a third as many pages. Items listed
 * since the last rewrite land at the table's end among other categories, so each night the rows out
 * of place are counted and, past this share of the table, the table is rewritten in order.
 */
export const SCATTERED_SHARE = 0.02;

export interface SearchItemsOrder {
  rows: number;
  /** Rows that begin a run of their category beyond the one run per category of a table in order. */
  scattered: number;
  rewritten: boolean;
}

/**
 * Rewrites search_items in category order when more than `share` of its rows are out of place. The
 * rewrite holds the table against reads and writes while it runs, about half a second per 100,000
 * items (docs/OPERATIONS.md); it waits 5 s at most for the table, else it fails and the job retries.
 */
export async function keepSearchItemsInOrder(db: Db, share = SCATTERED_SHARE): Promise<SearchItemsOrder> {
  const found = await searchItemsScatter(db);
  if (found.scattered <= found.rows * share) return { ...found, rewritten: false };
  await rewriteSearchItemsInOrder(db);
  return { ...found, rewritten: true };
}

/** Nightly, after the housekeeping and before the morning's browsing. */
export function registerSearchItemsOrderJob(jobs: JobQueue, db: Db, log?: { info(obj: object, msg: string): void }): void {
  jobs.daily('catalogue.search-items-order', '04:40', async () => {
    const result = await keepSearchItemsInOrder(db);
    log?.info(
      { job: 'catalogue.search-items-order', ...result },
      result.rewritten ? 'search_items rewritten in category order' : 'search_items in order',
    );
  });
}
