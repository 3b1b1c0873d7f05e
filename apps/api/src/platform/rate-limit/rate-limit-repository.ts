import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import { toInt, toIsoTimestamp } from '../../db/row-values.ts';
import { rateLimits } from '../../db/schema.ts';

/** A rate-limit counter: hits in its window, and when the window ends. */
export interface RateLimitWindow {
  count: number;
  windowEnds: Date;
}

/** The counter of `key` if its window is still running at `at`. */
export async function findRunningWindow(db: Db, key: string, at: Date): Promise<RateLimitWindow | undefined> {
  const [row] = await db
    .select({ count: rateLimits.count, windowEnds: rateLimits.windowEnds })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowEnds, at)));
  return row;
}

/**
 * Counts one hit on `key` at `at`, in one atomic upsert: a new window ending at `ends` when there is
 * none or it has ended, else one more in the running window. SQL, because the update chooses between
 * restarting and counting from the stored row and the proposed one (`excluded`) in the same statement.
 */
export async function countHit(db: Db, key: string, at: Date, ends: Date): Promise<RateLimitWindow> {
  const [row] = await queryRows<{ count: unknown; window_ends: unknown }>(
    db,
    sql`insert into rate_limits (key, count, window_ends) values (${key}, 1, ${ends.toISOString()})
        on conflict (key) do update set
          count = case when rate_limits.window_ends <= ${at.toISOString()} then 1 else rate_limits.count + 1 end,
          window_ends = case when rate_limits.window_ends <= ${at.toISOString()} then excluded.window_ends else rate_limits.window_ends end
        returning count, window_ends`,
  );
  if (!row) throw new Error('Counting a rate-limit hit returned no row');
  return { count: toInt(row.count, 'count'), windowEnds: new Date(toIsoTimestamp(row.window_ends, 'window_ends')) };
}

export async function deleteWindow(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops windows that have ended by `at` (run daily by housekeeping). */
export async function deleteEndedWindows(db: Db, at: Date): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.windowEnds, at));
}

/**
 * Reserves the next free slot of the throttle `name`: at least `intervalMs` after the slot before
 * it and not before the database's clock. Returns the slot and the database's clock, as ISO instants.
 * SQL, because the slot is computed and taken atomically on the database's own clock
 * (`clock_timestamp()`, the same for every process) with interval arithmetic in the upsert.
 */
export async function reserveThrottleSlot(db: Db, name: string, intervalMs: number): Promise<{ slot: string; now: string }> {
  const interval = `${intervalMs} milliseconds`;
  const [row] = await queryRows<{ slot: unknown; now: unknown }>(
    db,
    sql`insert into throttle_slots (name, next_at) values (${name}, clock_timestamp() + ${interval}::interval)
        on conflict (name) do update set next_at = greatest(throttle_slots.next_at, clock_timestamp()) + ${interval}::interval
        returning next_at - ${interval}::interval as slot, clock_timestamp() as now`,
  );
  if (!row) throw new Error('Reserving a throttle slot returned no row');
  return { slot: toIsoTimestamp(row.slot, 'slot'), now: toIsoTimestamp(row.now, 'now') };
}
