import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  myWantedQuerySchema,
  pageRequest,
  WANTED_PAGE_SIZE,
  wantedInputSchema,
  wantedListQuerySchema,
  wantedOfferInputSchema,
  wantedPageSchema,
  wantedPostSchema,
} from '@toolshed/core/contract';
import type { WantedService } from './wanted-service.ts';

const idParams = z.object({ postId: z.string().max(100) });
const tags = ['wanted'];

type App = Parameters<FastifyPluginAsyncZod>[0];

/** /api/wanted: wanted posts, for signed-in members only; a post's offers and closing are its author's alone. */
export const wantedRoutes: FastifyPluginAsyncZod<{ service: WantedService }> = async (app, { service }) => {
  postsRoutes(app, service);
  authorAndOwnerRoutes(app, service);
};

/** Asking, the open posts, and one post. */
function postsRoutes(app: App, service: WantedService) {
  const { currentUser } = app;
  app.post(
    '/wanted',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags,
        summary: 'Ask neighbours for something: what, where (a postcode or town and a radius), when and up to what daily price',
        body: wantedInputSchema,
        response: { 201: wantedPostSchema, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      return reply.status(201).send(await service.create(user.id, request.body));
    },
  );

  app.get(
    '/wanted',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags,
        summary: 'Open wanted posts, nearest first within the radius of a place when one is given, else newest first',
        querystring: wantedListQuerySchema,
        response: { 200: wantedPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      return service.listOpen(user.id, {
        ...pageRequest(request.query, WANTED_PAGE_SIZE),
        near: request.query.near,
        radius: request.query.radius,
      });
    },
  );

  app.get(
    '/wanted/:postId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags,
        summary: "A wanted post: with its offers for its author, with the asking member's listed items for anyone else",
        params: idParams,
        querystring: z.object({ near: z.string().max(200).optional() }),
        response: { 200: wantedPostSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get((await currentUser.requireUser(request)).id, request.params.postId, request.query.near),
  );
}

/** A post's author closing it, an owner offering for it, and the author's own posts. */
function authorAndOwnerRoutes(app: App, service: WantedService) {
  const { currentUser } = app;
  app.post(
    '/wanted/:postId/close',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags,
        summary: 'Close one of your wanted posts: it is no longer listed or answerable',
        params: idParams,
        response: { 200: wantedPostSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.close((await currentUser.requireUser(request)).id, request.params.postId),
  );

  app.post(
    '/wanted/:postId/offers',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags,
        summary: "Offer one of your listed items for someone else's open wanted post (once per item)",
        params: idParams,
        body: wantedOfferInputSchema,
        response: { 204: z.null(), 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.offer(user.id, user.name, request.params.postId, request.body.itemId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me/wanted',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags,
        summary: 'Your wanted posts, newest first, open, closed or expired',
        querystring: myWantedQuerySchema,
        response: { 200: wantedPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => service.mine((await currentUser.requireUser(request)).id, pageRequest(request.query, WANTED_PAGE_SIZE)),
  );
}
