import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  itemDetailSchema,
  itemInputSchema,
  LIST_MAX_PAGE_SIZE,
  LIST_PAGE_SIZE,
  ownerItemsPageSchema,
  pageQuerySchema,
  pageRequest,
} from '@toolshed/core/contract';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { ItemsService } from './items-service.ts';
import { readImageUpload } from '../../platform/images/read-image-upload.ts';
import { uploadRateLimit } from '../../platform/images/upload-rate-limit.ts';

const itemParams = z.object({ itemId: z.string().max(100) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

type ItemsRouteOptions = { service: ItemsService; catalogue: CatalogueService };

/** An item's photos: add one, remove one, put them in order (the owner only). */
const photoRoutes: FastifyPluginAsyncZod<ItemsRouteOptions> = async (app, { service, catalogue }) => {
  const { currentUser } = app;
  app.post(
    '/items/:itemId/images',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['owners'],
        summary:
          'Add one photo (multipart field "file"; JPEG, PNG or WebP by content, at most 5 MB (5,242,880 bytes) and 40 megapixels, 8 per item)',
        params: itemParams,
        response: { 201: itemDetailSchema, ...errors, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
      config: { rateLimit: uploadRateLimit(async (request) => (await currentUser.optionalUser(request))?.id) },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.owned(request.params.itemId, user.id);
      const data = await readImageUpload(request);
      await service.addImage(request.params.itemId, user.id, data);
      return reply.status(201).send(await catalogue.item(request.params.itemId));
    },
  );

  app.delete(
    '/items/:itemId/images/:imageId',
    {
      schema: {
        tags: ['owners'],
        summary: 'Remove a photo',
        params: itemParams.extend({ imageId: z.string().max(100) }),
        response: { 200: itemDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      await service.removeImage(request.params.itemId, user.id, request.params.imageId);
      return catalogue.item(request.params.itemId);
    },
  );

  app.put(
    '/items/:itemId/images/order',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['owners'],
        summary: 'Put the photos in a new order (the first is the cover)',
        params: itemParams,
        body: z.object({ imageIds: z.array(z.string()).max(8) }),
        response: { 200: itemDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      await service.reorderImages(request.params.itemId, user.id, request.body.imageIds);
      return catalogue.item(request.params.itemId);
    },
  );
};

/** Listing, changing and deleting an item, its photos, and the owner's list of their items. */
export const itemsRoutes: FastifyPluginAsyncZod<ItemsRouteOptions> = async (app, { service, catalogue }) => {
  const { currentUser } = app;
  app.post(
    '/items',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['owners'],
        summary: 'List a new item (the address is geocoded first; nothing is saved if that fails)',
        body: itemInputSchema,
        response: { 201: itemDetailSchema, ...errors, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      const id = await service.create(user.id, request.body);
      return reply.status(201).send(await catalogue.item(id));
    },
  );

  app.put(
    '/items/:itemId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['owners'],
        summary: 'Change an item (its owner only; anyone else is told it does not exist)',
        params: itemParams,
        body: itemInputSchema,
        response: { 200: itemDetailSchema, ...errors, 503: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      await service.update(request.params.itemId, user.id, request.body);
      return catalogue.item(request.params.itemId);
    },
  );

  app.delete(
    '/items/:itemId',
    {
      schema: {
        tags: ['owners'],
        summary: 'Delete an item (its owner only; refused while it has upcoming or active rentals)',
        params: itemParams,
        response: { 204: z.null(), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.remove(request.params.itemId, user.id);
      return reply.status(204).send(null);
    },
  );

  await photoRoutes(app, { service, catalogue });

  app.get(
    '/me/items',
    {
      schema: {
        tags: ['owners'],
        summary:
          "The signed-in owner's items with their rental state (available, out, overdue) and open rental periods, those with a request waiting first; a page at a time",
        querystring: pageQuerySchema(LIST_PAGE_SIZE, LIST_MAX_PAGE_SIZE),
        response: { 200: ownerItemsPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => service.myItems((await currentUser.requireUser(request)).id, pageRequest(request.query, LIST_PAGE_SIZE)),
  );
};
