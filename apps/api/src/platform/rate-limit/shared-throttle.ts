import type { Db } from '../../db/database.ts';
import { reserveThrottleSlot } from './rate-limit-repository.ts';

/**
 * A deployment-wide throttle: each caller atomically reserves the next free slot of `name`
 * (at least `intervalMs` after the previous one, across every process) and waits for it.
 * Used to call an outside service at most once per interval, e.g. the geocoder's 1 request/s.
 */
export function createSharedThrottle(
  db: Db,
  name: string,
  intervalMs: number,
  sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
) {
  return {
    /** Resolves when it is this caller's turn; returns how long it waited (ms). */
    async turn(): Promise<number> {
      const { slot, now } = await reserveThrottleSlot(db, name, intervalMs);
      const wait = Math.max(0, Date.parse(slot) - Date.parse(now));
      if (wait > 0) await sleep(wait);
      return wait;
    },
  };
}
