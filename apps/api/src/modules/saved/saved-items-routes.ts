import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  pageRequest,
  SAVED_PAGE_SIZE,
  savedItemIdsSchema,
  savedItemsPageSchema,
  savedItemsQuerySchema,
  savedItemStateSchema,
} from '@toolshed/core/contract';
import type { SavedItemsService } from './saved-items-service.ts';

const itemParams = z.object({ itemId: z.string().max(100) });

/** /api/me/saved: the signed-in member's saved items, and nobody else's. */
export const savedItemsRoutes: FastifyPluginAsyncZod<{ service: SavedItemsService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.get(
    '/me/saved',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['saved'],
        summary:
          "The signed-in member's saved items, last saved first, a page at a time; with dates, whether each is free on them (as checkout would judge)",
        querystring: savedItemsQuerySchema,
        response: { 200: savedItemsPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      const { startDate, endDate, near } = request.query;
      return service.list(user.id, { ...pageRequest(request.query, SAVED_PAGE_SIZE), startDate, endDate, near });
    },
  );

  app.get(
    '/me/saved/ids',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['saved'],
        summary: 'The ids of every item the signed-in member saved (at most 500), to show which hearts are filled',
        response: { 200: savedItemIdsSchema, 401: errorBodySchema },
      },
    },
    async (request) => service.ids((await currentUser.requireUser(request)).id),
  );

  app.put(
    '/me/saved/:itemId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['saved'],
        summary: 'Save an item (again: no change). Not your own item, not an unlisted one, and at most 500',
        params: itemParams,
        response: { 200: savedItemStateSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => service.save((await currentUser.requireUser(request)).id, request.params.itemId),
  );

  app.delete(
    '/me/saved/:itemId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['saved'],
        summary: "Remove an item from the signed-in member's saved items (404 when it is not among them)",
        params: itemParams,
        response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.remove((await currentUser.requireUser(request)).id, request.params.itemId);
      return reply.status(204).send(null);
    },
  );
};
