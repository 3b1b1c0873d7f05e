import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';

/**
 * search_items is kept in category order (migration 0049, decision 020): the matches of several words
 * across all categories, mostly of one category, then lie on a third as many pages. Items listed
 * since the last rewrite land at the table's end among other categories, so each night the rows out
 * of place are counted and, past this share of the table, the table is rewritten in order.
 */
export const SCATTERED_SHARE = 0.02;

/** How long the rewrite waits for the table: a browse or a booking holding it makes the job retry later. */
const LOCK_WAIT = '5s';

export interface SearchItemsOrder {
  rows: number;
  /** Rows that begin a run of their category beyond the one run per category of a table in order. */
  scattered: number;
  rewritten: boolean;
}

/** The rows of search_items, and how many lie out of category order (read in the order they lie in). */
export async function searchItemsScatter(db: Db): Promise<Omit<SearchItemsOrder, 'rewritten'>> {
  const [row] = await queryRows<{ rows: number; runs: number; categories: number }>(
    db,
    sql`
    select count(*)::int as rows, count(*) filter (where category_id is distinct from before)::int as runs,
           count(distinct category_id)::int as categories
    from (select category_id, lag(category_id) over (order by ctid) as before from search_items) t`,
  );
  return { rows: row?.rows ?? 0, scattered: Math.max(0, (row?.runs ?? 0) - (row?.categories ?? 0)) };
}

/**
 * Rewrites search_items in category order (CLUSTER along `search_items_category_idx`, which keeps
 * fillfactor 90) when more than `share` of its rows are out of place. The rewrite holds the table
 * against reads and writes while it runs, about half a second per 100,000 items (docs/OPERATIONS.md).
 */
export async function keepSearchItemsInOrder(db: Db, share = SCATTERED_SHARE): Promise<SearchItemsOrder> {
  const found = await searchItemsScatter(db);
  if (found.scattered <= found.rows * share) return { ...found, rewritten: false };
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_WAIT}'`));
    await tx.execute(sql`cluster search_items using search_items_category_idx`);
  });
  await db.execute(sql`analyze search_items`);
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
