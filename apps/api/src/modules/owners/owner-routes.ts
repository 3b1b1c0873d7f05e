import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@toolshed/core';
import { browseQuerySchema, errorBodySchema, itemsPageSchema, ownerProfileSchema } from '@toolshed/core/contract';
import { queryRows, type Db } from '../../db/database.ts';
import type { CurrentUserReader } from '../auth/current-user.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';

interface OwnerRow {
  id: string;
  name: string;
  picture: string | null;
  rating: number | null;
  total_ratings: number;
  created_at: string;
}

interface ReviewRow {
  id: string;
  rating: number;
  comment: string;
  reviewer_id: string;
  reviewer_name: string;
  item_id: string | null;
  item_name: string | null;
  created_at: string;
}

export const ownerRoutes: FastifyPluginAsyncZod<{ db: Db; catalogue: CatalogueService; currentUser: CurrentUserReader }> = async (app, { db, catalogue }) => {
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
      const reviews = await queryRows<ReviewRow>(
        db,
        sql`select r.id, r.rating, r.comment, r.reviewer_id, u.name as reviewer_name, r.item_id, i.name as item_name, r.created_at::text as created_at
            from reviews r join users u on u.id = r.reviewer_id left join items i on i.id = r.item_id
            where r.reviewee_id = ${owner.id} order by r.created_at desc limit 50`,
      );
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
          reviewerId: r.reviewer_id,
          reviewerName: r.reviewer_name,
          itemId: r.item_id,
          itemName: r.item_name,
          date: new Date(r.created_at).toISOString(),
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
