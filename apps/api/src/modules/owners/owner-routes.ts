import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  browseQuerySchema,
  errorBodySchema,
  itemsPageSchema,
  LIST_MAX_PAGE_SIZE,
  ownerProfileSchema,
  ownerReviewsPageSchema,
  pageQuerySchema,
  pageRequest,
} from '@toolshed/core/contract';
import type { HiddenOwnersOfRequest } from '../safety/block-guards.ts';
import { OWNER_REVIEWS_PAGE_SIZE, type OwnersService } from './owners-service.ts';

export const ownerRoutes: FastifyPluginAsyncZod<{ service: OwnersService; hiddenOwners?: HiddenOwnersOfRequest }> = async (
  app,
  { service, hiddenOwners },
) => {
  app.get(
    '/owners/:ownerId',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['owners'],
        summary:
          "A member's public profile: name, picture, rating, track record (verified email and phone, rentals returned on time, lendings) and the reviews they received",
        params: z.object({ ownerId: z.string().max(100) }),
        response: { 200: ownerProfileSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.profile(request.params.ownerId),
  );

  app.get(
    '/owners/:ownerId/reviews',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['owners'],
        summary: 'The visible reviews a member received, newest first; a page at a time (the first comes with their profile)',
        params: z.object({ ownerId: z.string().max(100) }),
        querystring: pageQuerySchema(OWNER_REVIEWS_PAGE_SIZE, LIST_MAX_PAGE_SIZE),
        response: { 200: ownerReviewsPageSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.reviews(request.params.ownerId, pageRequest(request.query, OWNER_REVIEWS_PAGE_SIZE)),
  );

  app.get(
    '/owners/:ownerId/items',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['owners'],
        summary:
          "An owner's listed items, with the same filters and paging as browsing (none when the asker and the owner blocked one another)",
        params: z.object({ ownerId: z.string().max(100) }),
        querystring: browseQuerySchema,
        response: { 200: itemsPageSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.items(request.params.ownerId, request.query, hiddenOwners ? await hiddenOwners(request) : []),
  );
};
