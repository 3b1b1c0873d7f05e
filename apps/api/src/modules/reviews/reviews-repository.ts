import { and, desc, eq, inArray, isNotNull, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/database.ts';
import { toIsoDate, toIsoTimestamp, toNumber } from '../../db/row-values.ts';
import { items, rentals, reviews, users } from '../../db/schema.ts';
import { owner, renter } from '../rentals/rental-parties-sql.ts';

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

const reviewer = alias(users, 'reviewer');
const reviewee = alias(users, 'reviewee');

/** Reviews with both people's names and the item, newest first; `limit` of them after `offset`. */
const selectReviews = (db: Db, where: SQL | undefined, limit = 100, offset = 0) =>
  db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      reviewerId: reviews.reviewerId,
      reviewerName: reviewer.name,
      revieweeId: reviews.revieweeId,
      revieweeName: reviewee.name,
      reviewerRole: sql<ReviewRecord['reviewerRole']>`${reviews.reviewerRole}`,
      itemId: reviews.itemId,
      itemName: items.name,
      rentalId: reviews.rentalId,
      createdAt: reviews.createdAt,
      visible: sql<boolean>`${reviews.publishedAt} is not null`,
    })
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .leftJoin(items, eq(items.id, reviews.itemId))
    .where(where)
    .orderBy(desc(reviews.createdAt), reviews.id)
    .limit(limit)
    .offset(offset);

const toReview = ({ createdAt, ...row }: Awaited<ReturnType<typeof selectReviews>>[number]): ReviewRecord => ({
  ...row,
  rating: toNumber(row.rating, 'rating'),
  date: toIsoTimestamp(createdAt, 'created_at'),
});

/** Visible reviews of a user. */
const receivedBy = (userId: string) => and(eq(reviews.revieweeId, userId), isNotNull(reviews.publishedAt));
/** A user's own reviews, hidden ones included. */
const writtenBy = (userId: string) => eq(reviews.reviewerId, userId);

/** The three lists of a user's reviews. */
export type ReviewList = 'received' | 'written' | 'toWrite';

/** A slice of a list: `limit` entries after `offset`. */
export interface Slice {
  offset: number;
  limit: number;
}

/** Returned rentals the user took part in and has not reviewed yet. */
const toWriteWhere = (db: Db, userId: string) =>
  and(
    eq(rentals.returned, true),
    or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId)),
    notExists(
      db
        .select({ one: sql`1` })
        .from(reviews)
        .where(and(eq(reviews.rentalId, rentals.id), eq(reviews.reviewerId, userId))),
    ),
  );

const countReviews = async (db: Db, where: SQL | undefined) =>
  toNumber(
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(reviews)
        .where(where)
    )[0]?.n ?? 0,
    'count',
  );

/** How long one of a user's three lists is. */
async function countList(db: Db, userId: string, list: ReviewList): Promise<number> {
  if (list !== 'toWrite') return countReviews(db, list === 'received' ? receivedBy(userId) : writtenBy(userId));
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rentals)
    .where(toWriteWhere(db, userId));
  return toNumber(rows[0]?.n ?? 0, 'count');
}

/** Returned rentals the user took part in and has not reviewed yet, the latest returns first. */
async function reviewsToWrite(db: Db, userId: string, { limit, offset }: Slice): Promise<ReviewToWrite[]> {
  const rows = await db
    .select({
      rentalId: rentals.id,
      itemId: rentals.itemId,
      itemName: items.name,
      role: sql<ReviewToWrite['role']>`case when ${rentals.renterId} = ${userId} then 'renter' else 'owner' end`,
      otherPartyName: sql<string>`case when ${rentals.renterId} = ${userId} then ${owner.name} else ${renter.name} end`,
      endDate: rentals.endDate,
    })
    .from(rentals)
    .innerJoin(items, eq(items.id, rentals.itemId))
    .innerJoin(owner, eq(owner.id, rentals.ownerId))
    .innerJoin(renter, eq(renter.id, rentals.renterId))
    .where(toWriteWhere(db, userId))
    .orderBy(sql`${rentals.returnedAt} desc nulls last`, rentals.id)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, endDate: toIsoDate(r.endDate, 'end_date') }));
}

export function createReviewsRepository(db: Db) {
  const count = (userId: string, list: ReviewList): Promise<number> => countList(db, userId, list);

  return {
    /** Visible reviews a user received (their profile and owner page). */
    received: async (userId: string, limit = 100, offset = 0): Promise<ReviewRecord[]> =>
      (await selectReviews(db, receivedBy(userId), limit, offset)).map(toReview),

    /** A user's own reviews, hidden ones included (only they see this list). */
    written: async (userId: string, { limit, offset }: Slice = { limit: 100, offset: 0 }): Promise<ReviewRecord[]> =>
      (await selectReviews(db, writtenBy(userId), limit, offset)).map(toReview),

    count,

    /** How long each of a user's three lists is. */
    async totals(userId: string): Promise<Record<ReviewList, number>> {
      const [received, written, toWrite] = await Promise.all([
        count(userId, 'received'),
        count(userId, 'written'),
        count(userId, 'toWrite'),
      ]);
      return { received, written, toWrite };
    },

    /** Returned rentals the user took part in and has not reviewed yet, the latest returns first. */
    toWrite: (userId: string, slice: Slice = { limit: 100, offset: 0 }): Promise<ReviewToWrite[]> => reviewsToWrite(db, userId, slice),

    /** Returned at or before `cutoff` with reviews still hidden: due to be shown. */
    dueRentals: (cutoff: Date) =>
      db
        .selectDistinct({ id: rentals.id })
        .from(rentals)
        .innerJoin(reviews, and(eq(reviews.rentalId, rentals.id), isNull(reviews.publishedAt)))
        .where(and(eq(rentals.returned, true), lte(rentals.returnedAt, cutoff))),
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
    await tx.insert(reviews).values({
      rentalId: review.rentalId,
      itemId: review.itemId,
      reviewerId: review.reviewerId,
      revieweeId: review.revieweeId,
      reviewerRole: review.role,
      rating: review.rating,
      comment: review.comment,
      createdAt: review.at,
      publishedAt: null,
    });
  },

  /** Shows every hidden review of the rental; returns those it showed. */
  publishHidden: async (tx: Executor, rentalId: string, at: Date): Promise<PublishedReview[]> =>
    (
      await tx
        .update(reviews)
        .set({ publishedAt: at })
        .where(and(eq(reviews.rentalId, rentalId), isNull(reviews.publishedAt)))
        .returning({ id: reviews.id, reviewerId: reviews.reviewerId, revieweeId: reviews.revieweeId, rentalId: reviews.rentalId })
    ).map((r) => ({ ...r, rentalId })),

  /**
   * Recomputes the users' rating (average of visible ratings received, 2 decimals) and count. The
   * rows are locked first, in id order, so that the average is read after any concurrent publisher
   * for the same user has committed: the last writer always counts every visible review.
   */
  async refreshRatings(tx: Executor, userIds: string[]): Promise<void> {
    const ids = [...new Set(userIds)].sort();
    if (ids.length === 0) return;
    await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(users.id).for('update');
    const visibleOf = and(eq(reviews.revieweeId, users.id), isNotNull(reviews.publishedAt));
    const average = tx
      .select({ rating: sql`round(avg(${reviews.rating}), 2)::float8` })
      .from(reviews)
      .where(visibleOf);
    const total = tx
      .select({ n: sql`count(*)::int` })
      .from(reviews)
      .where(visibleOf);
    await tx
      .update(users)
      .set({ rating: sql`(${average})`, totalRatings: sql`(${total})` })
      .where(inArray(users.id, ids));
  },
};

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
