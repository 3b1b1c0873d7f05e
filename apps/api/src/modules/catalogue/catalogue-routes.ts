import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  browseQuerySchema,
  searchSuggestionsSchema,
  categoriesResponseSchema,
  errorBodySchema,
  itemDetailSchema,
  itemsPageSchema,
  mapPointsSchema,
} from '@toolshed/core/contract';
import type { HiddenOwnersOfRequest } from '../safety/block-guards.ts';
import type { CatalogueService } from './catalogue-service.ts';

const errors = { 400: errorBodySchema, 404: errorBodySchema };

export const catalogueRoutes: FastifyPluginAsyncZod<{
  service: CatalogueService;
  /** The owners a signed-in asker blocked or was blocked by: their items are left out of browsing. */
  hiddenOwners?: HiddenOwnersOfRequest;
}> = async (app, { service, hiddenOwners }) => {
  // Browsing works without sign-in; with the auth module registered, a signed-in viewer's own items are marked.
  const currentUser = app.hasDecorator('currentUser') ? app.currentUser : undefined;
  const hiddenFor = async (request: FastifyRequest) => (hiddenOwners ? hiddenOwners(request) : []);
  app.get(
    '/categories',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['browse'],
        summary: 'Categories with the number of listed items in each',
        response: { 200: categoriesResponseSchema },
      },
    },
    async () => service.categories(),
  );

  app.get(
    '/categories/:categoryId/items',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['browse'],
        summary: "Items of a category ('all' for every category), filtered, ordered and paginated; with a location, near it",
        params: z.object({ categoryId: z.string().max(100) }),
        querystring: browseQuerySchema,
        response: { 200: itemsPageSchema, ...errors },
      },
    },
    async (request) => service.items(request.params.categoryId, request.query, undefined, await hiddenFor(request)),
  );

  app.get(
    '/categories/:categoryId/items/map',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['browse'],
        summary: "The map of a browse: the public points of up to 500 matching items, with the items page's filters, in its order",
        params: z.object({ categoryId: z.string().max(100) }),
        querystring: browseQuerySchema,
        response: { 200: mapPointsSchema, ...errors },
      },
    },
    async (request) => service.mapPoints(request.params.categoryId, request.query, await hiddenFor(request)),
  );

  app.get(
    '/search/suggestions',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['browse'],
        summary: 'Suggestions while typing a search: categories and item names that match what is typed so far',
        querystring: z.object({ q: z.string().optional().describe('What has been typed so far (at most 100 characters)') }),
        response: { 200: searchSuggestionsSchema, ...errors },
      },
    },
    async (request) => service.suggestions(request.query.q),
  );

  app.get(
    '/items/:itemId',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['browse'],
        summary:
          'One item with its owner, images, location and booked date ranges; only its owner gets the street address (others: town, postcode district, approximate point)',
        params: z.object({ itemId: z.string().max(100) }),
        querystring: z.object({
          near: z.string().max(100).optional().describe('As for browsing: adds the distance from there, rounded as on the cards'),
        }),
        response: { 200: itemDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      // The session is only looked up when there is a cookie, so visitors' popups stay cheap.
      const viewer = request.headers.cookie && currentUser ? await currentUser.optionalUser(request) : null;
      return service.itemFor(request.params.itemId, request.query.near, viewer?.id ?? null, viewer ? await hiddenFor(request) : []);
    },
  );
};
