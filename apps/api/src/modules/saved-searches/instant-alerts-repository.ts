import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { queryRows } from '../../db/query-rows.ts';
import { withDb } from '../../db/with-db.ts';
import type { Hit } from './saved-searches-repository.ts';

/**
 * The hourly cap on instant alerts, for every member a listing's instant matches would tell at once,
 * in one statement: each member's count of other listings they were told of at once since `since`
 * (their instant searches' matches kept as sent, each search's by saved_search_hits_sent_idx, asked
 * search by search so the planner never scans the day's matches for each member), and those at
 * `cap` or over have this listing's matches put back as not sent, for the morning digest. The
 * members held back.
 */
async function holdOverCapOf(
  db: Db,
  executor: Executor,
  itemId: string,
  hits: ReadonlyArray<Pick<Hit, 'searchId' | 'userId'>>,
  since: Date,
  cap: number,
): Promise<Set<string>> {
  if (hits.length === 0) return new Set();
  const matched = JSON.stringify(hits.map((h) => ({ s: h.searchId, u: h.userId })));
  const held = await queryRows<{ userId: string }>(
    executor as Db,
    sql`with m as (select * from jsonb_to_recordset(${matched}::jsonb) as m(s uuid, u text)),
      told as (
        select s.user_id, count(distinct t.item_id)::int as n
          from saved_searches s,
               unnest(array(select h.item_id from saved_search_hits h
                             where h.search_id = s.id and h.sent_at >= ${since.toISOString()}::timestamptz and h.item_id <> ${itemId}::uuid)) t(item_id)
         where s.user_id = any(array(select distinct u from m)) and s.frequency = 'instant'
         group by s.user_id
      ),
      over as (select user_id from told where n >= ${cap}),
      kept as (
        update saved_search_hits h set sent_at = null
          from m where m.u in (select user_id from over) and h.search_id = m.s and h.item_id = ${itemId}::uuid
      )
      select user_id as "userId" from over`,
  );
  return new Set(held.map((r) => r.userId));
}

export function createInstantAlertsRepository(db: Db) {
  return { holdOverCap: withDb(db, holdOverCapOf) };
}

export type InstantAlertsRepository = ReturnType<typeof createInstantAlertsRepository>;
