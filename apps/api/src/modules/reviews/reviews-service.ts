import { AppError, REVIEW_BLIND_DAYS, reviewsRevealAt, reviewTransition, todayInLondon, transitionRefusal } from '@toolshed/core';
import {
  pageOffset,
  type MyReviews,
  type PageRequest,
  type ReviewInput,
  type ReviewsPage,
  type ReviewsToWritePage,
} from '@toolshed/core/contract';
import type { Executor } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { isRowId } from '../../db/ids.ts';
import type { RentalRepository } from '../rentals/rental-repository.ts';
import { rentalFacts, roleOf } from '../rentals/rental-view.ts';
import { reviewWrites, type ReviewsRepository } from './reviews-repository.ts';

const REVEAL_JOB = 'reviews.reveal';

/**
 * Reviews both ways after a return, double-blind: each stays hidden until the other side has
 * reviewed too or 14 days have passed since the return. Showing a review and updating the
 * reviewee's rating happen in one transaction.
 */
export function createReviewsService(deps: {
  repo: ReviewsRepository;
  rentals: RentalRepository;
  events: EventBus;
  jobs: JobQueue;
  now: () => Date;
  /** Runs after reviews become visible: owners' ratings show on cards and in the popup, and order relevance. */
  onChange?: () => void;
}) {
  const { repo, rentals, events, jobs, now, onChange = () => {} } = deps;

  async function publish(tx: Executor, rentalId: string, at: Date): Promise<number> {
    const shown = await reviewWrites.publishHidden(tx, rentalId, at);
    if (shown.length === 0) return 0;
    await reviewWrites.refreshRatings(
      tx,
      shown.map((r) => r.revieweeId),
    );
    for (const r of shown) {
      await events.publish(
        tx,
        { type: 'review.published', reviewId: r.id, reviewerId: r.reviewerId, revieweeId: r.revieweeId, rentalId: r.rentalId },
        `review.published:${r.id}`,
      );
    }
    return shown.length;
  }

  /** Shows a returned rental's hidden reviews once its blind period is over. */
  async function revealIfDue(rentalId: string, at: Date): Promise<number> {
    const shown = await rentals.transaction(async (tx) => {
      const row = await tx.lock(rentalId);
      if (!row?.returned || !row.returnedAt || at < reviewsRevealAt(new Date(row.returnedAt))) return 0;
      return publish(tx.executor, rentalId, at);
    });
    if (shown > 0) onChange();
    return shown;
  }

  jobs.register<{ rentalId: string }>(REVEAL_JOB, async ({ rentalId }, ctx) => {
    await revealIfDue(rentalId, ctx.now);
  });
  // A safety net for reveals whose job was lost (e.g. returns recorded before reveals were scheduled).
  jobs.daily('reviews.reveal-due', '04:10', async (_payload, ctx) => {
    const cutoff = new Date(ctx.now.getTime() - REVIEW_BLIND_DAYS * 86_400_000);
    for (const { id } of await repo.dueRentals(cutoff)) await revealIfDue(id, ctx.now);
  });

  return {
    /** Called in the return's transaction: the reviews of this rental show at the latest 14 days on. */
    async scheduleReveal(tx: Executor, rentalId: string, returnedAt: Date): Promise<void> {
      await jobs.enqueue(REVEAL_JOB, { rentalId }, { runAt: reviewsRevealAt(returnedAt), key: `${REVEAL_JOB}:${rentalId}` }, tx);
    },

    revealIfDue,

    /** Writes the user's review of a rental they took part in; returns whether it is visible now. */
    async submit(rentalId: string, userId: string, input: ReviewInput): Promise<{ visible: boolean }> {
      if (!isRowId(rentalId)) throw new AppError('NOT_FOUND', 'Rental not found.');
      const at = now();
      const result = await rentals.transaction(async (tx) => {
        const row = await tx.lockForParty(rentalId, userId);
        if (!row) throw new AppError('NOT_FOUND', 'Rental not found.');
        const role = roleOf(row, userId);
        const refusal = transitionRefusal(reviewTransition(role), rentalFacts(row), role, todayInLondon(at));
        if (refusal) throw new AppError('CONFLICT', refusal);
        await reviewWrites.insert(tx.executor, {
          rentalId,
          itemId: row.itemId,
          reviewerId: userId,
          revieweeId: role === 'renter' ? row.ownerId : row.renterId,
          role,
          rating: input.rating,
          comment: input.comment,
          at,
        });
        const otherReviewed = (role === 'renter' ? row.ownerReview : row.renterReview) !== null;
        const blindOver = row.returnedAt !== null && at >= reviewsRevealAt(new Date(row.returnedAt));
        if (otherReviewed || blindOver) await publish(tx.executor, rentalId, at);
        return { visible: otherReviewed || blindOver };
      });
      if (result.visible) onChange();
      return result;
    },

    /** The first page of each of the user's three lists, and how long each is. */
    async mine(userId: string, pageSize: number): Promise<MyReviews> {
      const first = { limit: pageSize, offset: 0 };
      const [received, written, toWrite, totals] = await Promise.all([
        repo.received(userId, pageSize),
        repo.written(userId, first),
        repo.toWrite(userId, first),
        repo.totals(userId),
      ]);
      return { received, written, toWrite, totals, pageSize };
    },

    /** A page of one of the user's lists: reviews received or written. */
    async reviewsPage(userId: string, list: 'received' | 'written', page: PageRequest): Promise<ReviewsPage> {
      const slice = { limit: page.pageSize, offset: pageOffset(page) };
      const [reviews, total] = await Promise.all([
        list === 'received' ? repo.received(userId, slice.limit, slice.offset) : repo.written(userId, slice),
        repo.count(userId, list),
      ]);
      return { reviews, ...page, total };
    },

    /** A page of the returned rentals the user has still to review. */
    async toWritePage(userId: string, page: PageRequest): Promise<ReviewsToWritePage> {
      const [rentals, total] = await Promise.all([
        repo.toWrite(userId, { limit: page.pageSize, offset: pageOffset(page) }),
        repo.count(userId, 'toWrite'),
      ]);
      return { rentals, ...page, total };
    },

    /** Visible reviews a user received, for their public owner page. */
    received: (userId: string, limit = 50, offset = 0) => repo.received(userId, limit, offset),
    /** How many visible reviews a user received. */
    receivedCount: (userId: string) => repo.count(userId, 'received'),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
