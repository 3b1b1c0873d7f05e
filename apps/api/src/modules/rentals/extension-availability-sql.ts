import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
import { toInt, toNumberOrNull } from '../../db/row-values.ts';
import { itemsWithBlockedDays } from '../calendar-sync/blocked-days-sql.ts';

// Whether days are free for an extension, and the similar items free on them (extension-repository.ts hands these out).

/** A listed item of the same category free on the days asked for. */
export interface SimilarItem {
  id: string;
  name: string;
  dailyRatePence: number;
  city: string | null;
  /** Metres from the rental's item, public points; null when either has none. */
  distanceM: number | null;
}

interface SimilarItemRow {
  id: string;
  name: string;
  daily_rate_pence: unknown;
  city: string | null;
  distance_m: unknown;
}

const toSimilarItem = (row: SimilarItemRow): SimilarItem => ({
  id: row.id,
  name: row.name,
  dailyRatePence: toInt(row.daily_rate_pence, 'daily_rate_pence'),
  city: row.city,
  distanceM: toNumberOrNull(row.distance_m, 'distance_m'),
});

/**
 * Open rentals and held requests of an item, other than `rentalId`, that meet these days with
 * buffers on both sides; a rental runs to the days its pending extension holds (held_end_date).
 * The statements built on it (free days, similar free items) stay SQL: date ranges compared with
 * `&&` and a distance computed in the select, which the builder cannot say.
 */
const clashing = (itemId: string | SQL, rentalId: string | null, from: string, to: string, buffer: number | SQL) => sql`
  exists (select 1 from rentals r where r.item_id = ${itemId} and ${rentalId === null ? sql`true` : sql`r.id <> ${rentalId}`} and not r.returned and r.cancelled_at is null
          and daterange(r.start_date, coalesce(r.held_end_date, r.end_date) + r.buffer_days, '[]') && daterange(${from}::date, ${to}::date + ${buffer}, '[]'))`;

/** Whether the days `from`..`to` are free for this rental to run on into (buffers and other calendars included). */
export async function daysFreeAfter(
  db: Db,
  r: { itemId: string; rentalId: string; bufferDays: number },
  from: string,
  to: string,
  executor: Executor = db,
): Promise<boolean> {
  const rows = await queryRows<{ taken: boolean }>(
    executor as Db,
    sql`select ${clashing(r.itemId, r.rentalId, from, to, sql`${r.bufferDays}::int`)} as taken`,
  );
  if (rows[0]!.taken) return false;
  return (await itemsWithBlockedDays(executor, [{ itemId: r.itemId, startDate: from, endDate: to }])).size === 0;
}

/** Listed items like this one, free on the days asked, nearest first. */
export async function similarFreeItems(
  db: Db,
  q: {
    itemId: string;
    categoryId: string;
    renterId: string;
    from: string;
    to: string;
    limit: number;
  },
): Promise<SimilarItem[]> {
  return (
    await queryRows<SimilarItemRow>(
      db,
      sql`select i.id, i.name, i.daily_rate_pence, i.city,
               case when i.public_latitude is null or here.public_latitude is null then null
                    else 6371000 * 2 * asin(sqrt(power(sin(radians(i.public_latitude - here.public_latitude) / 2), 2)
                      + cos(radians(here.public_latitude)) * cos(radians(i.public_latitude)) * power(sin(radians(i.public_longitude - here.public_longitude) / 2), 2))) end as distance_m
        from items i, (select public_latitude, public_longitude from items where id = ${q.itemId}) here
        where i.category_id = ${q.categoryId} and i.id <> ${q.itemId} and i.owner_id <> ${q.renterId} and i.deleted_at is null and i.available
          and not ${clashing(sql`i.id`, null, q.from, q.to, sql`i.buffer_days`)}
          and not exists (select 1 from calendar_blocked_days b where b.item_id = i.id and b.start_date <= ${q.to}::date and b.end_date >= ${q.from}::date)
        order by distance_m nulls last, i.created_at desc
        limit ${q.limit}`,
    )
  ).map(toSimilarItem);
}
