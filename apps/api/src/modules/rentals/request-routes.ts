import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelRentalSchema, errorBodySchema } from '@toolshed/core/contract';
import type { RequestService } from './request-service.ts';

const rentalParams = z.object({ rentalId: z.string().max(100) });
const refusals = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The owner's answer to a request to book, and the renter's withdrawal of it. */
export const requestRoutes: FastifyPluginAsyncZod<{ service: RequestService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.post(
    '/rentals/:rentalId/accept',
    {
      schema: {
        tags: ['rentals'],
        summary:
          "Accept a request to book (the item's owner, while the request holds its dates): the renter's card is charged and the rental is upcoming",
        params: rentalParams,
        response: { 204: z.null(), 503: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.accept(request.params.rentalId, user.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/rentals/:rentalId/decline',
    {
      schema: {
        tags: ['rentals'],
        summary:
          "Decline a request to book with a reason (the item's owner): the card authorisation is released, nothing is charged and the dates are free again",
        params: rentalParams,
        body: cancelRentalSchema,
        response: { 204: z.null(), 400: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.decline(request.params.rentalId, user.id, request.body.reason);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/rentals/:rentalId/withdraw',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['rentals'],
        summary:
          'Withdraw a request to book the owner has not answered (its renter): the card authorisation is released, nothing is charged and the dates are free again',
        params: rentalParams,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.withdraw(request.params.rentalId, user.id);
      return reply.status(204).send(null);
    },
  );
};
