import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@toolshed/core';
import { browseQuerySchema, errorBodySchema, itemsPageSchema, ownerProfileSchema } from '@toolshed/core/contract';
import type { OwnerRow, OwnersRepository } from './owners-repository.ts';
import type { CurrentUserReader } from '../auth/current-user.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { ReviewsService } from '../reviews/reviews-service.ts';

export const ownerRoutes: FastifyPluginAsyncZod<{ repo: OwnersRepository; catalogue: CatalogueService; reviews: ReviewsService; currentUser: CurrentUserReader }> = async (
  app,
  { repo, catalogue, reviews: reviewsService },
) => {
  async function findOwner(id: string): Promise<OwnerRow> {
    const owner = await repo.find(id);
    if (!owner) throw new AppError('NOT_FOUND', 'Owner not found');
    return owner;
  }

  app.get(
    '/owners/:ownerId',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['owners'],
        summary: "A member's public profile: name, picture, rating, track record (verified email and phone, rentals returned on time, lendings) and the reviews they received",
        params: z.object({ ownerId: z.string().max(100) }),
        response: { 200: ownerProfileSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const owner = await findOwner(request.params.ownerId);
      // Only visible reviews: a review stays hidden until the other side has reviewed or 14 days have passed.
      const [reviews, record] = [await reviewsService.received(owner.id, 50), await repo.record(owner.id)];
      return {
        id: owner.id,
        name: owner.name,
        picture: owner.picture,
        rating: owner.rating,
        totalRatings: owner.totalRatings,
        memberSince: owner.createdAt.toISOString(),
        record,
        reviews: reviews.map((r) => ({
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
  );

  app.get(
    '/owners/:ownerId/items',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['owners'],
        summary: "An owner's listed items, with the same filters and paging as browsing",
        params: z.object({ ownerId: z.string().max(100) }),
        querystring: browseQuerySchema,
        response: { 200: itemsPageSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await findOwner(request.params.ownerId);
      return catalogue.items('all', request.query, request.params.ownerId);
    },
  );
};
