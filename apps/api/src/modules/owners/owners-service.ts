import { AppError, type RawBrowseFilters } from '@toolshed/core';
import type { ItemsPage, OwnerProfile } from '@toolshed/core/contract';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { ReviewsService } from '../reviews/reviews-service.ts';
import type { OwnerRow, OwnersRepository } from './owners-repository.ts';

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
      const received = await reviews.received(owner.id, 50);
      return {
        id: owner.id,
        name: owner.name,
        picture: owner.picture,
        rating: owner.rating,
        totalRatings: owner.totalRatings,
        memberSince: owner.createdAt.toISOString(),
        record: await repo.record(owner.id),
        reviews: received.map((r) => ({
          id: r.id,
          rating: r.rating,
          comment: r.comment,
          reviewerId: r.reviewerId,
          reviewerName: r.reviewerName,
          itemId: r.itemId,
          itemName: r.itemName,
          date: r.date,
        })),
      };
    },

    async items(ownerId: string, filters: RawBrowseFilters, hiddenOwners: readonly string[] = []): Promise<ItemsPage> {
      await findOwner(ownerId);
      return catalogue.items('all', filters, ownerId, hiddenOwners);
    },
  };
}

export type OwnersService = ReturnType<typeof createOwnersService>;
