import type { IsoDate } from '@toolshed/core';
import { SEED_SIZE, type Statement } from './seed-sql.ts';

/** Ten rentals per item on average, so one million for the full catalogue. */
export const RENTALS_PER_ITEM = 10;
/** Days in one booking window; upcoming rentals of an item each sit inside their own window. */
export const WINDOW_DAYS = 17;

/**
 * Rentals without overlaps among the unreturned, uncancelled ones of an item, by construction:
 * - item number n gets 10 + s rentals and item n + half gets 10 - s (s from -9 to 9), so every item
 *   has 1 to 19 and the total is exactly ten per item;
 * - two in five of an item's rentals are upcoming or current: the k-th sits in the k-th 17-day window
 *   counted from four days ago (at most 7 windows, so within the next 120 days), lasts 1 to 7 days and
 *   starts early enough to end inside its window, so windows, and therefore rentals, never overlap;
 * - the rest are in the past 18 months and returned; about 5% of all rentals are cancelled instead.
 * The renter is another user than the owner: (owner + k) mod users + 1 with k < users - 1.
 */
export function rentalsStatement(today: IsoDate): Statement {
  if (SEED_SIZE.items % 2 !== 0) throw new Error('The item count must be even to pair items up');
  return {
    name: 'rentals',
    text: `
      insert into rentals (item_id, renter_id, owner_id, start_date, end_date, returned, returned_at, cancelled_at, total_pence, created_at)
      select item_id, 'u' || lpad(renter_n::text, 5, '0'), owner_id, start_date, start_date + len - 1,
             returned, case when returned then (start_date + len - 1) + time '18:00' end,
             case when cancelled then created_at + interval '1 day' end,
             rate * len, created_at
      from (
        select u.*, not cancelled and start_date + len - 1 < $1::date as returned,
               start_date - lead_days * interval '1 day' as created_at
        from (
          select s.*,
                 case when j <= cnt * 2 / 5
                   then $1::date - 4 + (j - 1) * ${WINDOW_DAYS} + floor(r_offset * (${WINDOW_DAYS} - len))::int
                   else $1::date - 4 - len - floor(r_past * 540)::int
                 end as start_date
          from (
            select i.id as item_id, i.owner_id, i.daily_rate_pence as rate, i.cnt, j,
                   (substr(i.owner_id, 2)::int + floor(random() * ($3::int - 1))::int) % $3::int + 1 as renter_n,
                   1 + floor(random() * 7)::int as len, random() as r_offset, random() as r_past,
                   random() < 0.05 as cancelled, 1 + floor(random() * 21)::int as lead_days
            from (
              select id, owner_id, daily_rate_pence,
                     (${RENTALS_PER_ITEM} + (case when n <= $2::int then 1 else -1 end)
                       * ((((n - 1) % $2::int + 1) * 7919) % 19 - 9))::int as cnt
              from (select id, owner_id, daily_rate_pence, row_number() over (order by created_at, id) as n from items) x
            ) i
            cross join lateral generate_series(1, i.cnt) j
          ) s
        ) u
      ) r`,
    values: [today, SEED_SIZE.items / 2, SEED_SIZE.users],
  };
}
