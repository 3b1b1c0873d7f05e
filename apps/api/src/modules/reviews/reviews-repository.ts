import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
import { toIsoDate, toIsoTimestamp, toNumber } from '../../db/row-values.ts';

/** A review with both people's names and the item, as the lists show it. */
export interface ReviewRecord {
  id: string;
  /** Half stars, 0.5 to 5. */
  rating: number;
  comment: string;
  reviewerId: string;
  reviewerName: string;
  revieweeId: string;
  revieweeName: string;
  reviewerRole: 'renter' | 'owner';
  itemId: string | null;
  itemName: string | null;
  rentalId: string | null;
  /** When it was written, ISO. */
  date: string;
  visible: boolean;
}

/** A returned rental the user has not reviewed yet. */
export interface ReviewToWrite {
  rentalId: string;
  itemId: string;
  itemName: string;
  role: 'renter' | 'owner';
  otherPartyName: string;
  /** YYYY-MM-DD */
  endDate: string;
}

/** A review just made visible. */
export interface PublishedReview {
  id: string;
  reviewerId: string;
  revieweeId: string;
  rentalId: string;
}

interface ReviewRow {
  id: string;
  rating: unknown;
  comment: string;
  reviewer_id: string;
  reviewer_name: string;
  reviewee_id: string;
  reviewee_name: string;
  reviewer_role: 'renter' | 'owner';
  item_id: string | null;
  item_name: string | null;
  rental_id: string | null;
  created_at: unknown;
  visible: boolean;
}

interface ToWriteRow {
  rental_id: string;
  item_id: string;
  item_name: string;
  role: 'renter' | 'owner';
  other_name: string;
  end_date: unknown;
}

interface PublishedRow {
  id: string;
  reviewer_id: string;
  reviewee_id: string;
  rental_id: string;
}

function toReview(row: ReviewRow): ReviewRecord {
  return {
    id: row.id,
    rating: toNumber(row.rating, 'rating'),
    comment: row.comment,
    reviewerId: row.reviewer_id,
    reviewerName: row.reviewer_name,
    revieweeId: row.reviewee_id,
    revieweeName: row.reviewee_name,
    reviewerRole: row.reviewer_role,
    itemId: row.item_id,
    itemName: row.item_name,
    rentalId: row.rental_id,
    date: toIsoTimestamp(row.created_at, 'created_at'),
    visible: row.visible,
  };
}

function toReviewToWrite(row: ToWriteRow): ReviewToWrite {
  return {
    rentalId: row.rental_id,
    itemId: row.item_id,
    itemName: row.item_name,
    role: row.role,
    otherPartyName: row.other_name,
    endDate: toIsoDate(row.end_date, 'end_date'),
  };
}

const toPublished = (row: PublishedRow): PublishedReview => ({
  id: row.id,
  reviewerId: row.reviewer_id,
  revieweeId: row.reviewee_id,
  rentalId: row.rental_id,
});

function selectReviews(where: SQL, limit = 100) {
  return sql`
    select r.id, r.rating, r.comment, r.reviewer_id, u.name as reviewer_name, r.reviewee_id, e.name as reviewee_name,
           r.reviewer_role, r.item_id, i.name as item_name, r.rental_id, r.created_at::text as created_at,
           r.published_at is not null as visible
    from reviews r
    join users u on u.id = r.reviewer_id
    join users e on e.id = r.reviewee_id
    left join items i on i.id = r.item_id
    where ${where}
    order by r.created_at desc, r.id
    limit ${limit}`;
}

const rows = <T>(executor: Executor, query: SQL) => queryRows<T>(executor as Db, query);

export function createReviewsRepository(db: Db) {
  return {
    /** Visible reviews a user received (their profile and owner page). */
    received: async (userId: string, limit = 100): Promise<ReviewRecord[]> =>
      (await rows<ReviewRow>(db, selectReviews(sql`r.reviewee_id = ${userId} and r.published_at is not null`, limit))).map(toReview),

    /** A user's own reviews, hidden ones included (only they see this list). */
    written: async (userId: string): Promise<ReviewRecord[]> =>
      (await rows<ReviewRow>(db, selectReviews(sql`r.reviewer_id = ${userId}`))).map(toReview),

    /** Returned rentals the user took part in and has not reviewed yet. */
    toWrite: async (userId: string): Promise<ReviewToWrite[]> =>
      (
        await rows<ToWriteRow>(
          db,
          sql`select r.id as rental_id, r.item_id, i.name as item_name,
                   case when r.renter_id = ${userId} then 'renter' else 'owner' end as role,
                   case when r.renter_id = ${userId} then o.name else rn.name end as other_name,
                   to_char(r.end_date, 'YYYY-MM-DD') as end_date
            from rentals r join items i on i.id = r.item_id join users o on o.id = r.owner_id join users rn on rn.id = r.renter_id
            where r.returned and (r.renter_id = ${userId} or r.owner_id = ${userId})
              and not exists (select 1 from reviews v where v.rental_id = r.id and v.reviewer_id = ${userId})
            order by r.returned_at desc nulls last, r.id`,
        )
      ).map(toReviewToWrite),

    /** Returned at or before `cutoff` with reviews still hidden: due to be shown. */
    dueRentals: (cutoff: Date) =>
      rows<{ id: string }>(
        db,
        sql`select distinct r.id from rentals r join reviews v on v.rental_id = r.id and v.published_at is null
            where r.returned and r.returned_at <= ${cutoff.toISOString()}`,
      ),
  };
}

/** Writes inside the transaction that holds the rental's lock. */
export const reviewWrites = {
  async insert(
    tx: Executor,
    review: {
      rentalId: string;
      itemId: string;
      reviewerId: string;
      revieweeId: string;
      role: 'renter' | 'owner';
      rating: number;
      comment: string;
      at: Date;
    },
  ): Promise<void> {
    await tx.execute(
      sql`insert into reviews (rental_id, item_id, reviewer_id, reviewee_id, reviewer_role, rating, comment, created_at, published_at)
          values (${review.rentalId}, ${review.itemId}, ${review.reviewerId}, ${review.revieweeId}, ${review.role}, ${review.rating}, ${review.comment}, ${review.at.toISOString()}, null)`,
    );
  },

  /** Shows every hidden review of the rental; returns those it showed. */
  publishHidden: async (tx: Executor, rentalId: string, at: Date): Promise<PublishedReview[]> =>
    (
      await rows<PublishedRow>(
        tx,
        sql`update reviews set published_at = ${at.toISOString()} where rental_id = ${rentalId} and published_at is null
          returning id, reviewer_id, reviewee_id, rental_id`,
      )
    ).map(toPublished),

  /**
   * Recomputes the users' rating (average of visible ratings received, 2 decimals) and count. The
   * rows are locked first, in id order, so that the average is read after any concurrent publisher
   * for the same user has committed: the last writer always counts every visible review.
   */
  async refreshRatings(tx: Executor, userIds: string[]): Promise<void> {
    const ids = [...new Set(userIds)].sort();
    if (ids.length === 0) return;
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    await tx.execute(sql`select id from users where id in (${list}) order by id for update`);
    await tx.execute(
      sql`update users u set
            rating = (select round(avg(v.rating), 2)::float8 from reviews v where v.reviewee_id = u.id and v.published_at is not null),
            total_ratings = (select count(*)::int from reviews v where v.reviewee_id = u.id and v.published_at is not null)
          where u.id in (${list})`,
    );
  },
};

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
