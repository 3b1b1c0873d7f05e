import { sql, type SQL } from 'drizzle-orm';
import type { GeoPoint } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { queryRows } from '../../db/query-rows.ts';

/** The SQL the wanted repositories share. */
export const rows = <T>(executor: Executor, query: SQL) => queryRows<T>(executor as Db, query);

/** Items a renter can see and book: not deleted, listed, not held back for review (as browse's `LISTED`). */
export const LISTED = sql`i.deleted_at is null and i.available and not i.hidden_pending_review`;
/** Neither of the two members has blocked the other. */
export const unblocked = (a: SQL, b: SQL) => sql`not exists (select 1 from member_blocks b
  where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))`;
export const distanceFrom = (point: GeoPoint | null) =>
  point
    ? sql`earth_distance(earth_point(${point.latitude}::float8, ${point.longitude}::float8), earth_point(p.latitude, p.longitude))`
    : sql`null::float8`;
export const itemDistance = sql`case when i.public_latitude is null or i.public_longitude is null then null
  else earth_distance(earth_point(p.latitude, p.longitude), earth_point(i.public_latitude, i.public_longitude)) end`;

/** The start of London's day holding `at`, as an instant. */
export const londonDayStart = (at: Date) =>
  sql`(date_trunc('day', ${at}::timestamptz at time zone 'Europe/London') at time zone 'Europe/London')`;
/** Open: not closed, and its end date not before London's today. */
/**
 * The area a post asks about: a box around its point as wide as its radius (wanted_area, migration
 * 0076, earthdistance's earth_box with its names qualified), so that `area @> point` is answered from
 * wanted_posts_area_idx.
 */
export const wantedArea = sql`wanted_area(p.latitude, p.longitude, p.radius_miles)`;
export const open = (today: string) => sql`p.closed_at is null and p.end_date >= ${today}::date`;
