import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, myReviewsSchema, reviewInputSchema } from '@toolshed/core/contract';
import type { ReviewsService } from './reviews-service.ts';

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
        summary: 'Reviews the signed-in user received (visible ones), wrote (with whether each shows yet), and still has to write',
        response: { 200: myReviewsSchema, 401: errorBodySchema },
      },
    },
    async (request) => service.mine((await currentUser.requireUser(request)).id),
  );
};
