import { sql } from 'drizzle-orm';
import { METRES_PER_MILE, type GeoPoint } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { createWantedMatching } from './wanted-matching-repository.ts';
import { distanceFrom, itemDistance, LISTED, londonDayStart, open, rows, unblocked } from './wanted-sql.ts';

/** A wanted post as stored, without its point (which no answer carries). */
export interface WantedRow {
  id: string;
  userId: string;
  title: string;
  details: string | null;
  categoryId: string | null;
  categoryName: string | null;
  placeLabel: string;
  radiusMiles: number;
  startDate: string;
  endDate: string;
  maxPricePence: number | null;
  closed: boolean;
  createdAt: Date | string;
  authorName: string;
  offerCount: number;
  /** From the place asked about, when one was given. */
  distanceMetres: number | null;
}

export interface NewWantedPost {
  userId: string;
  title: string;
  details: string | null;
  categoryId: string | null;
  placeLabel: string;
  latitude: number;
  longitude: number;
  radiusMiles: number;
  startDate: string;
  endDate: string;
  maxPricePence: number | null;
  createdAt: Date;
}

/** An offer as its post's author sees it: a listed item of another owner. */
export interface OfferRow {
  id: string;
  itemId: string;
  itemName: string;
  categoryId: string;
  ownerName: string;
  photoThumbKey: string | null;
  dailyRatePence: number;
  weeklyRatePence: number | null;
  bookingMode: 'instant' | 'request';
  minDays: number;
  maxDays: number;
  distanceMetres: number | null;
  offeredAt: Date | string;
}

const select = (point: GeoPoint | null) => sql`select p.id, p.user_id as "userId", p.title, p.details, p.category_id as "categoryId",
    c.name as "categoryName", p.place_label as "placeLabel", p.radius_miles as "radiusMiles",
    to_char(p.start_date, 'YYYY-MM-DD') as "startDate", to_char(p.end_date, 'YYYY-MM-DD') as "endDate",
    p.max_price_pence as "maxPricePence", p.closed_at is not null as closed, p.created_at as "createdAt", u.name as "authorName",
    (select count(*)::int from wanted_offers o join items i on i.id = o.item_id where o.post_id = p.id and ${LISTED}
      and ${unblocked(sql`p.user_id`, sql`i.owner_id`)}) as "offerCount",
    ${distanceFrom(point)} as "distanceMetres"
  from wanted_posts p join users u on u.id = p.user_id left join categories c on c.id = p.category_id`;

/** Open posts, nearest first within `radiusMiles` of the point (or each post's own radius), else newest first. */
async function openPostsPage(
  db: Db,
  viewerId: string,
  today: string,
  near: GeoPoint | null,
  radiusMiles: number | null,
  offset: number,
  limit: number,
): Promise<{ rows: WantedRow[]; total: number }> {
  const reach = radiusMiles === null ? sql`p.radius_miles` : sql`${radiusMiles}::int`;
  const visible = sql`${open(today)} and ${unblocked(sql`p.user_id`, sql`${viewerId}`)}`;
  const where = near ? sql`${visible} and ${distanceFrom(near)} <= ${reach} * ${METRES_PER_MILE}::float8` : visible;
  const order = near ? sql`"distanceMetres", p.created_at desc, p.id` : sql`p.created_at desc, p.id`;
  const [list, [total]] = await Promise.all([
    rows<WantedRow>(db, sql`${select(near)} where ${where} order by ${order} limit ${limit} offset ${offset}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from wanted_posts p where ${where}`),
  ]);
  return { rows: list, total: total?.n ?? 0 };
}

/** The offers of items still listed, newest first. */
async function offersOnPost(db: Db, postId: string): Promise<OfferRow[]> {
  return rows<OfferRow>(
    db,
    sql`select o.id, i.id as "itemId", i.name as "itemName", i.category_id as "categoryId", u.name as "ownerName",
          i.photo_thumb_key as "photoThumbKey", i.daily_rate_pence as "dailyRatePence", i.weekly_rate_pence as "weeklyRatePence",
          i.booking_mode as "bookingMode", i.min_days as "minDays", i.max_days as "maxDays",
          ${itemDistance} as "distanceMetres", o.created_at as "offeredAt"
        from wanted_offers o join wanted_posts p on p.id = o.post_id join items i on i.id = o.item_id join users u on u.id = i.owner_id
        where o.post_id = ${postId} and ${LISTED} and ${unblocked(sql`p.user_id`, sql`i.owner_id`)}
        order by o.created_at desc, o.id`,
  );
}

async function insertPost(db: Db, executor: Executor, post: NewWantedPost): Promise<string> {
  const [row] = await rows<{ id: string }>(
    executor,
    sql`insert into wanted_posts (user_id, title, details, category_id, place_label, latitude, longitude, radius_miles,
          start_date, end_date, max_price_pence, created_at)
        values (${post.userId}, ${post.title}, ${post.details}, ${post.categoryId}, ${post.placeLabel}, ${post.latitude},
          ${post.longitude}, ${post.radiusMiles}, ${post.startDate}::date, ${post.endDate}::date, ${post.maxPricePence}, ${post.createdAt})
        returning id`,
  );
  return row!.id;
}

/** The member's listed items, nearest to the post first, with whether each is offered already. */
async function offerableItems(db: Db, postId: string, ownerId: string) {
  return rows<{ itemId: string; name: string; dailyRatePence: number; distanceMetres: number | null; offered: boolean }>(
    db,
    sql`select i.id as "itemId", i.name, i.daily_rate_pence as "dailyRatePence", ${itemDistance} as "distanceMetres",
          exists (select 1 from wanted_offers o where o.post_id = p.id and o.item_id = i.id) as offered
        from wanted_posts p join items i on i.owner_id = ${ownerId} and ${LISTED}
        where p.id = ${postId}
        order by "distanceMetres" nulls last, i.name, i.id`,
  );
}

async function ownPostsPage(db: Db, userId: string, offset: number, limit: number): Promise<{ rows: WantedRow[]; total: number }> {
  const [list, [total]] = await Promise.all([
    rows<WantedRow>(db, sql`${select(null)} where p.user_id = ${userId} order by p.created_at desc, p.id limit ${limit} offset ${offset}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from wanted_posts where user_id = ${userId}`),
  ]);
  return { rows: list, total: total?.n ?? 0 };
}

/** Posts the member wrote since London's day began, and those open now. */
async function postCounts(db: Db, executor: Executor, userId: string, at: Date, today: string): Promise<{ today: number; open: number }> {
  const [row] = await rows<{ today: number; open: number }>(
    executor,
    sql`select count(*) filter (where p.created_at >= ${londonDayStart(at)})::int as today,
               count(*) filter (where ${open(today)})::int as open
        from wanted_posts p where p.user_id = ${userId}`,
  );
  return row ?? { today: 0, open: 0 };
}

export function createWantedRepository(db: Db) {
  return {
    insert: withDb(db, insertPost),

    /** Locks the author's row so two posts at once are counted one after the other. */
    async lockAuthor(executor: Executor, userId: string): Promise<void> {
      await rows(executor, sql`select id from users where id = ${userId} for update`);
    },

    counts: withDb(db, postCounts),

    async find(id: string, near: GeoPoint | null = null, executor: Executor = db): Promise<WantedRow | undefined> {
      const [row] = await rows<WantedRow>(executor, sql`${select(near)} where p.id = ${id}`);
      return row;
    },

    openPage: withDb(db, openPostsPage),

    minePage: withDb(db, ownPostsPage),

    async close(userId: string, id: string, at: Date): Promise<boolean> {
      const done = await rows<{ id: string }>(
        db,
        sql`update wanted_posts set closed_at = coalesce(closed_at, ${at}) where id = ${id} and user_id = ${userId} returning id`,
      );
      return done.length > 0;
    },

    offers: withDb(db, offersOnPost),

    offerable: withDb(db, offerableItems),

    /** The owner's own item, if listed ('unlisted') or not theirs at all (undefined). */
    async ownItem(ownerId: string, itemId: string): Promise<{ name: string; listed: boolean } | undefined> {
      const [row] = await rows<{ name: string; listed: boolean }>(
        db,
        sql`select i.name, (${LISTED}) as listed from items i where i.id = ${itemId} and i.owner_id = ${ownerId} and i.deleted_at is null`,
      );
      return row;
    },

    /** Whether either member has blocked the other. */
    async blocked(a: string, b: string): Promise<boolean> {
      const [row] = await rows<{ blocked: boolean }>(db, sql`select not ${unblocked(sql`${a}`, sql`${b}`)} as blocked`);
      return row?.blocked ?? false;
    },

    /** Records an offer; false when the item is offered for this post already. */
    async insertOffer(executor: Executor, postId: string, itemId: string, ownerId: string, at: Date): Promise<string | null> {
      const [row] = await rows<{ id: string }>(
        executor,
        sql`insert into wanted_offers (post_id, item_id, owner_id, created_at) values (${postId}, ${itemId}, ${ownerId}, ${at})
            on conflict (post_id, item_id) do nothing returning id`,
      );
      return row?.id ?? null;
    },
    ...createWantedMatching(),
  };
}

export type WantedRepository = ReturnType<typeof createWantedRepository>;
