import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';

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
      const interval = `${intervalMs} milliseconds`;
      const [row] = await queryRows<{ slot: string | Date; now: string | Date }>(
        db,
        sql`insert into throttle_slots (name, next_at) values (${name}, clock_timestamp() + ${interval}::interval)
            on conflict (name) do update set next_at = greatest(throttle_slots.next_at, clock_timestamp()) + ${interval}::interval
            returning next_at - ${interval}::interval as slot, clock_timestamp() as now`,
      );
      const wait = Math.max(0, new Date(row!.slot).getTime() - new Date(row!.now).getTime());
      if (wait > 0) await sleep(wait);
      return wait;
    },
  };
}
