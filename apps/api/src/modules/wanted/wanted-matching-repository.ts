import { sql } from 'drizzle-orm';
import { METRES_PER_MILE } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { itemDistance, LISTED, londonDayStart, open, rows, unblocked, wantedArea } from './wanted-sql.ts';

/** An owner near a new post, told of it (at most a few times a day). */
export interface OwnerToTell {
  ownerId: string;
  itemName: string;
  distanceMetres: number;
}

/** The author of an open post that a new listing answers, with what they are told. */
export interface AuthorToTell {
  postId: string;
  authorId: string;
  postTitle: string;
  placeLabel: string;
  itemName: string;
  categoryId: string;
  ownerName: string;
  dailyRatePence: number;
  distanceMetres: number;
}

/** Who a new wanted post or a new listing should tell: the two matching questions of wanted posts. */
export function createWantedMatching() {
  return {
    /**
     * The owners to tell of a new post: each with a listed item within the post's radius that is in its
     * category (any, when it has none) or whose name has one of the title's words, not the author, and
     * told fewer than `perDay` times since London's day began; each with their nearest such item.
     */
    async ownersToTell(executor: Executor, postId: string, at: Date, perDay: number): Promise<OwnerToTell[]> {
      return rows<OwnerToTell>(
        executor,
        sql`with p as (select * from wanted_posts where id = ${postId}),
              words as materialized (select (select string_agg(quote_literal(w.lexeme) || ':A', ' | ')
                                  from unnest(to_tsvector('english', p.title)) w)::tsquery as q from p),
              near as (
                select distinct on (i.owner_id) i.owner_id, i.name, ${itemDistance} as metres
                from p cross join words join items i on i.owner_id <> p.user_id and ${LISTED}
                  and ${unblocked(sql`p.user_id`, sql`i.owner_id`)}
                  and i.public_latitude is not null and i.public_longitude is not null
                  and (p.category_id is null or i.category_id = p.category_id or (words.q is not null and i.search_document @@ words.q))
                  -- The box lets the GiST index of listed items' public points find the few near; the distance cuts the circle.
                  and ${wantedArea}
                      @> earth_point(i.public_latitude, i.public_longitude)
                  and ${itemDistance} <= p.radius_miles * ${METRES_PER_MILE}::float8
                order by i.owner_id, metres, i.id)
            select near.owner_id as "ownerId", near.name as "itemName", near.metres as "distanceMetres" from near
            where (select count(*) from notifications n
                    where n.user_id = near.owner_id and n.kind = 'wanted.nearby' and n.created_at >= ${londonDayStart(at)}) < ${perDay}
            order by near.metres, near.owner_id`,
      );
    },

    /**
     * The open posts a newly listed item answers: near enough (within the post's radius of the
     * item's public point), in its category or sharing a word of its title with the item's name,
     * within its price, not the owner's own, no block between the two, not offered already; each
     * post told of at most `perPostPerDay` listings a London day.
     */
    async authorsToTell(executor: Executor, itemId: string, today: string, at: Date, perPostPerDay: number): Promise<AuthorToTell[]> {
      return rows<AuthorToTell>(
        executor,
        sql`with i as materialized (select i.* from items i where i.id = ${itemId} and ${LISTED}
                                     and i.public_latitude is not null and i.public_longitude is not null)
            select p.id as "postId", p.user_id as "authorId", p.title as "postTitle", p.place_label as "placeLabel",
                   i.name as "itemName", i.category_id as "categoryId", u.name as "ownerName", i.daily_rate_pence as "dailyRatePence",
                   ${itemDistance} as "distanceMetres"
            from i join wanted_posts p on ${open(today)} and p.user_id <> i.owner_id
                     and ${unblocked(sql`p.user_id`, sql`i.owner_id`)}
                     and ${wantedArea}
                         @> earth_point(i.public_latitude, i.public_longitude)
                     and ${itemDistance} <= p.radius_miles * ${METRES_PER_MILE}::float8
                     and (p.max_price_pence is null or i.daily_rate_pence <= p.max_price_pence)
                     and (p.category_id = i.category_id
                          or i.search_document @@ (select string_agg(quote_literal(w.lexeme) || ':A', ' | ')
                                                   from unnest(to_tsvector('english', p.title)) w)::tsquery)
                     and not exists (select 1 from wanted_offers o where o.post_id = p.id and o.item_id = i.id)
                   join users u on u.id = i.owner_id
            where (select count(*) from notifications n
                    where n.user_id = p.user_id and n.kind = 'wanted.listed' and n.group_key = 'wanted:' || p.id::text
                      and n.created_at >= ${londonDayStart(at)}) < ${perPostPerDay}
            order by p.created_at, p.id`,
      );
    },
  };
}
