import { AppError, type RawBrowseFilters } from '@toolshed/core';
import {
  pageOffset,
  type ItemsPage,
  type OwnerProfile,
  type OwnerReviewsPage,
  type PageRequest,
  type PublicReview,
} from '@toolshed/core/contract';
import type { ReviewRecord } from '../reviews/reviews-repository.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { ReviewsService } from '../reviews/reviews-service.ts';
import type { OwnerRow, OwnersRepository } from './owners-repository.ts';

/** How many reviews the public page lists at once. */
export const OWNER_REVIEWS_PAGE_SIZE = 50;

const toPublicReview = (r: ReviewRecord): PublicReview => ({
  id: r.id,
  rating: r.rating,
  comment: r.comment,
  reviewerId: r.reviewerId,
  reviewerName: r.reviewerName,
  itemId: r.itemId,
  itemName: r.itemName,
  date: r.date,
});

/** A member's public page: who they are, their track record, the reviews they received and their items. */
export function createOwnersService(deps: { repo: OwnersRepository; catalogue: CatalogueService; reviews: ReviewsService }) {
  const { repo, catalogue, reviews } = deps;

  async function findOwner(id: string): Promise<OwnerRow> {
    const owner = await repo.find(id);
    if (!owner) throw new AppError('NOT_FOUND', 'Owner not found');
    return owner;
  }

  return {
    async profile(ownerId: string): Promise<OwnerProfile> {
      const owner = await findOwner(ownerId);
      // Only visible reviews: a review stays hidden until the other side has reviewed or 14 days have passed.
      const [received, reviewsTotal] = await Promise.all([
        reviews.received(owner.id, OWNER_REVIEWS_PAGE_SIZE),
        reviews.receivedCount(owner.id),
      ]);
      return {
        id: owner.id,
        name: owner.name,
        picture: owner.picture,
        rating: owner.rating,
        totalRatings: owner.totalRatings,
        memberSince: owner.createdAt.toISOString(),
        record: await repo.record(owner.id),
        cancellations: await repo.cancellations(owner.id),
        reviews: received.map(toPublicReview),
        reviewsTotal,
      };
    },

    /** A page of the visible reviews a member received, newest first. */
    async reviews(ownerId: string, page: PageRequest): Promise<OwnerReviewsPage> {
      const owner = await findOwner(ownerId);
      const [received, total] = await Promise.all([
        reviews.received(owner.id, page.pageSize, pageOffset(page)),
        reviews.receivedCount(owner.id),
      ]);
      return { reviews: received.map(toPublicReview), total, ...page };
    },

    async items(ownerId: string, filters: RawBrowseFilters, hiddenOwners: readonly string[] = []): Promise<ItemsPage> {
      await findOwner(ownerId);
      return catalogue.items('all', filters, ownerId, hiddenOwners);
    },
  };
}

export type OwnersService = ReturnType<typeof createOwnersService>;
