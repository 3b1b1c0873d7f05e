import { sql } from 'drizzle-orm';
import type { Db } from '../database.ts';

/** Recomputes every user's rating aggregate (average of ratings received, 2 decimals) from visible reviews. */
export async function refreshUserRatings(db: Db): Promise<void> {
  await db.execute(sql`
    update users u set rating = agg.rating, total_ratings = agg.total
    from (
      select u2.id, round(avg(r.rating)::numeric, 2)::float8 as rating, count(r.id)::int as total
      from users u2 left join reviews r on r.reviewee_id = u2.id and r.published_at is not null
      group by u2.id
    ) agg
    where agg.id = u.id`);
}
