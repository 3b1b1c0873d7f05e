import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createDateWatchSchema, dateWatchListSchema, dateWatchSchema, errorBodySchema } from '@toolshed/core/contract';
import type { DateWatchesService } from './date-watches-service.ts';

const watchParams = z.object({ watchId: z.string().max(100) });

/** /api/me/date-watches: "Tell me if these dates free up", the signed-in member's and nobody else's. */
export const dateWatchesRoutes: FastifyPluginAsyncZod<{ service: DateWatchesService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.get(
    '/me/date-watches',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['date-watches'],
        summary: 'The dates the signed-in member waits for (or was told are free), from today on, soonest first',
        response: { 200: dateWatchListSchema, 401: errorBodySchema },
      },
    },
    async (request) => service.list((await currentUser.requireUser(request)).id),
  );

  app.post(
    '/me/date-watches',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['date-watches'],
        summary:
          "Wait for an item's dates that are taken now, to be told once when they are all free (again: the same watch, 200). Not your own item, at most 20 waiting",
        body: createDateWatchSchema,
        response: {
          200: dateWatchSchema,
          201: dateWatchSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { watch, created } = await service.create((await currentUser.requireUser(request)).id, request.body);
      return reply.status(created ? 201 : 200).send(watch);
    },
  );

  app.delete(
    '/me/date-watches/:watchId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['date-watches'],
        summary: 'Stop waiting for these dates (404 when the watch is not yours or already stopped)',
        params: watchParams,
        response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.stop((await currentUser.requireUser(request)).id, request.params.watchId);
      return reply.status(204).send(null);
    },
  );
};
