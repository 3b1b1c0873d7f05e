import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockedMembersSchema,
  blockLookupSchema,
  blockStateSchema,
  errorBodySchema,
  LIST_MAX_PAGE_SIZE,
  LIST_PAGE_SIZE,
  pageQuerySchema,
  pageRequest,
} from '@toolshed/core/contract';
import type { BlocksService } from './blocks-service.ts';

const memberParams = z.object({ memberId: z.string().max(100) });

/** /api/me/blocks: the members the signed-in member blocked, theirs alone. */
export const blocksRoutes: FastifyPluginAsyncZod<{ service: BlocksService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.get(
    '/me/blocks',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['safety'],
        summary: 'The members the signed-in member blocked, last blocked first (never who blocked them); a page at a time',
        querystring: pageQuerySchema(LIST_PAGE_SIZE, LIST_MAX_PAGE_SIZE),
        response: { 200: blockedMembersSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => service.list((await currentUser.requireUser(request)).id, pageRequest(request.query, LIST_PAGE_SIZE)),
  );

  app.get(
    '/me/blocks/:memberId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['safety'],
        summary: 'Whether the signed-in member blocked this member (never whether they were blocked by them); 404 for no such member',
        params: memberParams,
        response: { 200: blockLookupSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      return { memberId: request.params.memberId, blocked: await service.hasBlocked(user.id, request.params.memberId) };
    },
  );

  app.post(
    '/me/blocks/:memberId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['safety'],
        summary:
          "Block a member (again: no change): neither can message the other or book the other's items, and neither sees the other's listings. They are not told",
        params: memberParams,
        response: { 200: blockStateSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.block((await currentUser.requireUser(request)).id, request.params.memberId),
  );

  app.delete(
    '/me/blocks/:memberId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['safety'],
        summary: 'Unblock a member (404 when the signed-in member has not blocked them)',
        params: memberParams,
        response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.unblock((await currentUser.requireUser(request)).id, request.params.memberId);
      return reply.status(204).send(null);
    },
  );
};
