import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  pageRequest,
  SAVED_SEARCHES_PAGE_SIZE,
  savedSearchChangeSchema,
  savedSearchesPageSchema,
  savedSearchesQuerySchema,
  savedSearchInputSchema,
  savedSearchSchema,
  unsubscribedSchema,
} from '@toolshed/core/contract';
import type { SavedSearchesService } from './saved-searches-service.ts';

const idParams = z.object({ searchId: z.string().max(100) });
const tokenParams = z.object({ token: z.string().max(100) });

type App = Parameters<FastifyPluginAsyncZod>[0];

/** /api/me/saved-searches: the signed-in member's saved searches, and nobody else's; and the alerts' one-click unsubscribe. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{ service: SavedSearchesService }> = async (app, { service }) => {
  ownSearchesRoutes(app, service);
  unsubscribeRoute(app, service);
};

/** The member's own searches: listed, saved, changed and deleted. */
function ownSearchesRoutes(app: App, service: SavedSearchesService) {
  const { currentUser } = app;
  app.get(
    '/me/saved-searches',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['saved-searches'],
        summary: "The signed-in member's saved searches, newest first, with how many new matches wait for the daily digest",
        querystring: savedSearchesQuerySchema,
        response: { 200: savedSearchesPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => service.list((await currentUser.requireUser(request)).id, pageRequest(request.query, SAVED_SEARCHES_PAGE_SIZE)),
  );

  app.post(
    '/me/saved-searches',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['saved-searches'],
        summary: 'Save the browse (words, category, price, rating, place and distance) to be told of new matches, instantly or daily',
        body: savedSearchInputSchema,
        response: { 201: savedSearchSchema, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      return reply.status(201).send(await service.create(user.id, request.body));
    },
  );

  app.patch(
    '/me/saved-searches/:searchId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['saved-searches'],
        summary: 'Rename a saved search, pause or resume its alerts, or change how often they come',
        params: idParams,
        body: savedSearchChangeSchema,
        response: { 200: savedSearchSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.change((await currentUser.requireUser(request)).id, request.params.searchId, request.body),
  );

  app.delete(
    '/me/saved-searches/:searchId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['saved-searches'],
        summary: 'Delete a saved search and its alerts',
        params: idParams,
        response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.remove((await currentUser.requireUser(request)).id, request.params.searchId);
      return reply.status(204).send(null);
    },
  );
}

/** A search's alerts stopped by the link in its emails. */
function unsubscribeRoute(app: App, service: SavedSearchesService) {
  // A mail client's one-click unsubscribe (RFC 8058) posts 'List-Unsubscribe=One-Click' as a form;
  // the token is the whole of what it proves, so the body is read and not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  app.post(
    '/saved-searches/unsubscribe/:token',
    {
      schema: {
        tags: ['saved-searches'],
        summary: "Stop one saved search's alerts by the link in its emails: no sign-in (the link's token names the search)",
        security: [],
        params: tokenParams,
        response: { 200: unsubscribedSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.unsubscribe(request.params.token),
  );
}
