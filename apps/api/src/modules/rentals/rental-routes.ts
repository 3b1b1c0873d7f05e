import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelRentalSchema,
  errorBodySchema,
  LIST_MAX_PAGE_SIZE,
  LIST_PAGE_SIZE,
  orderSchema,
  pageQuerySchema,
  pageRequest,
  rentalsPageSchema,
  rentalViewSchema,
} from '@toolshed/core/contract';
import type { RentalService } from './rental-service.ts';

const rentalParams = z.object({ rentalId: z.string().max(100) });
const refusals = { 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The rentals' routes: each asks the rental service (rules, permissions, transactions). */
const rentalsQuerySchema = pageQuerySchema(LIST_PAGE_SIZE, LIST_MAX_PAGE_SIZE);

/** What a party does to a rental (cancel it, mark it returned), and an order's receipt. */
const rentalActionRoutes: FastifyPluginAsyncZod<{ service: RentalService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.post(
    '/rentals/:rentalId/cancel',
    {
      schema: {
        tags: ['rentals'],
        summary:
          "Cancel an upcoming rental before its start date: the renter cancels, or the owner declines with a reason. The line total and its service fee share go back to the card they were paid with (what the renter's Toolshed balance paid, to the balance)",
        params: rentalParams,
        body: cancelRentalSchema,
        response: { 200: z.object({ refundPence: z.number().int() }), 400: errorBodySchema, ...refusals },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      return service.cancel(request.params.rentalId, user.id, request.body.reason);
    },
  );

  app.post(
    '/rentals/:rentalId/return',
    {
      schema: {
        tags: ['rentals'],
        summary:
          "Mark a rental returned (its owner only, once it has started): completes it and makes the owner's earnings for it available",
        params: rentalParams,
        response: { 204: z.null(), 403: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.markReturned(request.params.rentalId, user.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/orders/:orderId',
    {
      schema: {
        tags: ['checkout'],
        summary: 'A completed checkout: what was booked and what was charged (the renter only)',
        params: z.object({ orderId: z.string().max(100) }),
        response: { 200: orderSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.order(request.params.orderId, (await currentUser.requireUser(request)).id),
  );
};

/** A member's rentals as renter and as owner, one rental, and what they do to it. */
export const rentalRoutes: FastifyPluginAsyncZod<{ service: RentalService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.get(
    '/me/rentals',
    {
      schema: {
        tags: ['rentals'],
        summary: "The signed-in user's rentals as a renter, newest first, with their state and the actions open to them; a page at a time",
        querystring: rentalsQuerySchema,
        response: { 200: rentalsPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => service.mine((await currentUser.requireUser(request)).id, pageRequest(request.query, LIST_PAGE_SIZE)),
  );

  app.get(
    '/me/lent-rentals',
    {
      schema: {
        tags: ['rentals'],
        summary: "Rentals of the signed-in user's items, newest first: renter, dates, state, actions and reviews; a page at a time",
        querystring: rentalsQuerySchema,
        response: { 200: rentalsPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => service.ofMyItems((await currentUser.requireUser(request)).id, pageRequest(request.query, LIST_PAGE_SIZE)),
  );

  app.get(
    '/rentals/:rentalId',
    {
      schema: {
        tags: ['rentals'],
        summary: 'One rental, for its renter or its owner (anyone else: 404); addressed by its id or by {itemId}-{startDate}',
        params: rentalParams,
        response: { 200: rentalViewSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.one(request.params.rentalId, (await currentUser.requireUser(request)).id),
  );

  await rentalActionRoutes(app, { service });
};
