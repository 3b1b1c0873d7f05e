import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, savedWheelbarrowInputSchema, savedWheelbarrowSchema } from '@toolshed/core/contract';
import type { WheelbarrowService } from './wheelbarrow-service.ts';

/** /api/me/wheelbarrow: the signed-in user's own wheelbarrow, and nobody else's. */
export const wheelbarrowRoutes: FastifyPluginAsyncZod<{ service: WheelbarrowService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.get(
    '/me/wheelbarrow',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['wheelbarrow'],
        summary: "The signed-in user's saved wheelbarrow, in the order the lines were added",
        response: { 200: savedWheelbarrowSchema, 401: errorBodySchema },
      },
    },
    async (request) => service.get((await currentUser.requireUser(request)).id),
  );

  app.put(
    '/me/wheelbarrow',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['wheelbarrow'],
        summary: "Replaces the signed-in user's saved wheelbarrow (items and dates; prices are never taken from the client)",
        body: savedWheelbarrowInputSchema,
        response: { 200: savedWheelbarrowSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => service.save((await currentUser.requireUser(request)).id, request.body.lines),
  );
};
