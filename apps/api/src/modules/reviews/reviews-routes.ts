import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  LIST_MAX_PAGE_SIZE,
  myReviewsSchema,
  pageQuerySchema,
  pageRequest,
  pageSizeParam,
  reviewInputSchema,
  reviewsPageSchema,
  reviewsToWritePageSchema,
} from '@toolshed/core/contract';
import type { ReviewsService } from './reviews-service.ts';

/** How many entries of each list a page holds unless asked otherwise. */
export const REVIEWS_PAGE_SIZE = 20;
const pagesQuery = pageQuerySchema(REVIEWS_PAGE_SIZE, LIST_MAX_PAGE_SIZE);

export const reviewsRoutes: FastifyPluginAsyncZod<{ service: ReviewsService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.post(
    '/rentals/:rentalId/review',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Review a returned rental, once per side: the renter rates the owner and item, the owner rates the renter. Hidden until the other side has reviewed or 14 days after the return',
        params: z.object({ rentalId: z.string().max(100) }),
        body: reviewInputSchema,
        response: {
          201: z.object({ visible: z.boolean() }),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      return reply.status(201).send(await service.submit(request.params.rentalId, user.id, request.body));
    },
  );

  app.get(
    '/me/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Reviews the signed-in user received (visible ones), wrote (with whether each shows yet), and still has to write: the first page of each and how long each list is',
        querystring: z.object({ pageSize: pageSizeParam(REVIEWS_PAGE_SIZE, LIST_MAX_PAGE_SIZE) }),
        response: { 200: myReviewsSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => service.mine((await currentUser.requireUser(request)).id, request.query.pageSize ?? REVIEWS_PAGE_SIZE),
  );

  for (const list of ['received', 'written'] as const) {
    app.get(
      `/me/reviews/${list}`,
      {
        schema: {
          tags: ['reviews'],
          summary:
            list === 'received'
              ? 'Visible reviews of the signed-in user, newest first; a page at a time'
              : 'Reviews the signed-in user wrote, visible or still hidden, newest first; a page at a time',
          querystring: pagesQuery,
          response: { 200: reviewsPageSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) =>
        service.reviewsPage((await currentUser.requireUser(request)).id, list, pageRequest(request.query, REVIEWS_PAGE_SIZE)),
    );
  }

  app.get(
    '/me/reviews/to-write',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Returned rentals the signed-in user has not reviewed yet, the latest returns first; a page at a time',
        querystring: pagesQuery,
        response: { 200: reviewsToWritePageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => service.toWritePage((await currentUser.requireUser(request)).id, pageRequest(request.query, REVIEWS_PAGE_SIZE)),
  );
};
