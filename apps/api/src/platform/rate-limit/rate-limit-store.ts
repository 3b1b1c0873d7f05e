import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the window ends and the count starts again. */
  resetAt: Date;
}

/**
 * Fixed-window counters kept in PostgreSQL, so a limit holds whichever API process answers
 * (N processes never mean N times the limit). One atomic upsert per hit.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  /** Hits so far in the current window, without adding one. */
  peek(key: string): Promise<number>;
  /** Like peek, with when the window ends (null when there is no running window). */
  read(key: string): Promise<{ count: number; resetAt: Date | null }>;
  reset(key: string): Promise<void>;
}

export function createRateLimitStore(db: Db, now: () => Date = () => new Date()): RateLimitStore {
  async function read(key: string) {
    const [row] = await queryRows<{ count: number; window_ends: string | Date }>(
      db,
      sql`select count, window_ends from rate_limits where key = ${key} and window_ends > ${now().toISOString()}`,
    );
    return row ? { count: Number(row.count), resetAt: new Date(row.window_ends) } : { count: 0, resetAt: null };
  }
  return {
    read,
    async hit(key, windowMs) {
      const at = now();
      const ends = new Date(at.getTime() + windowMs);
      const [row] = await queryRows<{ count: number; window_ends: string | Date }>(
        db,
        sql`insert into rate_limits (key, count, window_ends) values (${key}, 1, ${ends.toISOString()})
            on conflict (key) do update set
              count = case when rate_limits.window_ends <= ${at.toISOString()} then 1 else rate_limits.count + 1 end,
              window_ends = case when rate_limits.window_ends <= ${at.toISOString()} then excluded.window_ends else rate_limits.window_ends end
            returning count, window_ends`,
      );
      return { count: Number(row!.count), resetAt: new Date(row!.window_ends) };
    },
    async peek(key) {
      return (await read(key)).count;
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

/** Drops windows that have ended (run daily by housekeeping). */
export async function deleteEndedWindows(db: Db, at: Date): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_ends <= ${at.toISOString()}`);
}
