import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@toolshed/core';
import { browseQuerySchema, errorBodySchema, itemsPageSchema, ownerProfileSchema } from '@toolshed/core/contract';
import { queryRows, type Db } from '../../db/database.ts';
import type { CurrentUserReader } from '../auth/current-user.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { ReviewsService } from '../reviews/reviews-service.ts';

interface OwnerRow {
  id: string;
  name: string;
  picture: string | null;
  rating: number | null;
  total_ratings: number;
  created_at: string;
}

export const ownerRoutes: FastifyPluginAsyncZod<{ db: Db; catalogue: CatalogueService; reviews: ReviewsService; currentUser: CurrentUserReader }> = async (
  app,
  { db, catalogue, reviews: reviewsService },
) => {
  async function findOwner(id: string): Promise<OwnerRow> {
    const rows = await queryRows<OwnerRow>(db, sql`select id, name, picture, rating, total_ratings, created_at::text as created_at from users where id = ${id}`);
    if (!rows[0]) throw new AppError('NOT_FOUND', 'Owner not found');
    return rows[0];
  }

  app.get(
    '/owners/:ownerId',
    {
      schema: {
        tags: ['owners'],
        summary: "An owner's public profile: name, picture, rating and the reviews they received",
        params: z.object({ ownerId: z.string().max(100) }),
        response: { 200: ownerProfileSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const owner = await findOwner(request.params.ownerId);
      // Only visible reviews: a review stays hidden until the other side has reviewed or 14 days have passed.
      const reviews = await reviewsService.received(owner.id, 50);
      return {
        id: owner.id,
        name: owner.name,
        picture: owner.picture,
        rating: owner.rating === null ? null : Number(owner.rating),
        totalRatings: owner.total_ratings,
        memberSince: new Date(owner.created_at).toISOString(),
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
