import type { Db } from '../../db/database.ts';
import { countHit, deleteWindow, findRunningWindow } from './rate-limit-repository.ts';

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
    const row = await findRunningWindow(db, key, now());
    return row ? { count: row.count, resetAt: row.windowEnds } : { count: 0, resetAt: null };
  }
  return {
    read,
    async hit(key, windowMs) {
      const at = now();
      const row = await countHit(db, key, at, new Date(at.getTime() + windowMs));
      return { count: row.count, resetAt: row.windowEnds };
    },
    async peek(key) {
      return (await read(key)).count;
    },
    async reset(key) {
      await deleteWindow(db, key);
    },
  };
}
