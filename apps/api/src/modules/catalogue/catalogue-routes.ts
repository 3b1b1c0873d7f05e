import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  browseQuerySchema,
  categoriesResponseSchema,
  errorBodySchema,
  itemDetailSchema,
  itemsPageSchema,
} from '@toolshed/core/contract';
import type { CatalogueService } from './catalogue-service.ts';

const errors = { 400: errorBodySchema, 404: errorBodySchema };

export const catalogueRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (app, { service }) => {
  app.get(
    '/categories',
    {
      schema: {
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
        tags: ['browse'],
        summary: "Items of a category ('all' for every category), filtered and paginated, newest first",
        params: z.object({ categoryId: z.string().max(100) }),
        querystring: browseQuerySchema,
        response: { 200: itemsPageSchema, ...errors },
      },
    },
    async (request) => service.items(request.params.categoryId, request.query),
  );

  app.get(
    '/items/:itemId',
    {
      schema: {
        tags: ['browse'],
        summary: 'One item with its owner, images, location and booked date ranges',
        params: z.object({ itemId: z.string().max(100) }),
        response: { 200: itemDetailSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.item(request.params.itemId),
  );
};
