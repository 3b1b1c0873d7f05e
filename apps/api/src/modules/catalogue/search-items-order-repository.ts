import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';

/** How long the rewrite waits for the table: a browse or a booking holding it makes the job retry later. */
const LOCK_WAIT = '5s';

/** The rows of search_items, and how many begin a run of their category beyond one run per category (read in the order they lie in). */
export async function searchItemsScatter(db: Db): Promise<{ rows: number; scattered: number }> {
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
 * Rewrites search_items in category order, newest first within each (CLUSTER along
 * `search_items_category_idx`, migration 0051, which keeps fillfactor 90 and rebuilds the indexes),
 * then refreshes its statistics. The table is held against reads and writes meanwhile.
 */
export async function rewriteSearchItemsInOrder(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_WAIT}'`));
    await tx.execute(sql`cluster search_items using search_items_category_idx`);
  });
  await db.execute(sql`analyze search_items`);
}
