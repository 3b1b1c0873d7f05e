import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';

/**
 * Days blocked by owners' other calendars (calendar sync), for the checkout and catalogue
 * repositories. A blocked day refuses a booking like a booked one; it is not a rental, so it has no
 * buffer of its own and the rentals' exclusion constraint does not see it (see `refuseBlockedDays`).
 */

interface WantedLine {
  itemId: string;
  startDate: string;
  endDate: string;
}

const wantedValues = (lines: WantedLine[]) =>
  sql.join(
    lines.map((l) => sql`(${l.itemId}::uuid, ${l.startDate}::date, ${l.endDate}::date)`),
    sql`, `,
  );

/** The item ids among `lines` with a blocked day between their start and end dates. */
export async function itemsWithBlockedDays(executor: Executor, lines: WantedLine[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const result = (await executor.execute(
    sql`select distinct w.item_id from (values ${wantedValues(lines)}) as w(item_id, start_date, end_date)
        join calendar_blocked_days b on b.item_id = w.item_id and b.start_date <= w.end_date and b.end_date >= w.start_date`,
  )) as unknown as { rows: Array<{ item_id: string }> };
  return new Set(result.rows.map((r) => r.item_id));
}

/** A booking asked for a day another calendar of the owner's says is busy. */
export class BlockedDaysError extends Error {
  constructor(readonly itemId: string) {
    super('The owner has marked some of these days busy in another calendar.');
    this.name = 'BlockedDaysError';
  }
}

/**
 * Inside a booking's transaction, after the items' rows are locked (`for no key update`): refuses
 * lines that meet a blocked day. An import replaces an item's blocked days only while holding the
 * same row lock, so the days read here are those of every import committed before this booking, and
 * an import waits for this booking to commit. Checked at READ COMMITTED after the lock, this sees an
 * import that committed while the booking waited for the lock.
 */
export async function refuseBlockedDays(tx: Executor, lines: WantedLine[]): Promise<void> {
  const blocked = await itemsWithBlockedDays(tx, lines);
  const first = lines.find((l) => blocked.has(l.itemId));
  if (first) throw new BlockedDaysError(first.itemId);
}

/** JSON array of `{ startDate, endDate }` of an item's blocked days ending on `today` or later; for the item detail query (`i` is the item). */
export function blockedRangesJson(today: string): SQL {
  return sql`coalesce((select json_agg(json_build_object('startDate', to_char(b.start_date, 'YYYY-MM-DD'), 'endDate', to_char(b.end_date, 'YYYY-MM-DD')) order by b.start_date)
                       from calendar_blocked_days b where b.item_id = i.id and b.end_date >= ${today}::date), '[]'::json)`;
}
