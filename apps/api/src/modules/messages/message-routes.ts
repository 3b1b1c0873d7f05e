import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@toolshed/core';
import {
  conversationSchema,
  errorBodySchema,
  LIST_MAX_PAGE_SIZE,
  messageSchema,
  pageQuerySchema,
  pageRequest,
  peoplePageSchema,
  sendMessageBodySchema,
} from '@toolshed/core/contract';
import { PEOPLE_PAGE, type MessagesService } from './messages-service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const params = z.object({ itemId: z.string().max(100) });
const withQuery = z.string().max(100).optional().describe('The owner names the renter whose thread to show');

/** The window of the per-sender limit (MESSAGE_RATE_LIMIT messages in it). */
export const MESSAGE_LIMIT_WINDOW_MS = 10 * 60_000;

interface Deps {
  service: MessagesService;
  /** Messages one person may send per window, to anyone about anything (counted in the database). */
  perSenderLimit: number;
}

/** Sending a message about an item (limited per sender) and marking a conversation read. */
const sendingRoutes: FastifyPluginAsyncZod<Deps> = async (app, { service, perSenderLimit }) => {
  const { currentUser } = app;
  app.post(
    '/items/:itemId/messages',
    {
      // Counted per sender before the body is read, so a refused message is never stored nor sent on.
      config: {
        rateLimit: {
          max: perSenderLimit,
          timeWindow: MESSAGE_LIMIT_WINDOW_MS,
          keyGenerator: async (request: FastifyRequest) => `message|${(await currentUser.optionalUser(request))?.id ?? request.ip}`,
          errorResponseBuilder: (_request: FastifyRequest, ctx: { after: string }) =>
            new AppError('RATE_LIMITED', `You have sent a lot of messages in a short time. Please wait ${ctx.after} and try again.`),
        },
      },
      schema: {
        tags: ['messages'],
        summary: `Sends a message (1 to 500 characters, not blank) to the other person of the thread; 429 after the sender's limit (MESSAGE_RATE_LIMIT per 10 minutes)`,
        params,
        body: sendMessageBodySchema,
        response: { 201: messageSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      const message = await service.send(user.id, request.params.itemId, request.body.content, request.body.with);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/items/:itemId/messages/read',
    {
      schema: {
        tags: ['messages'],
        summary: 'Marks what the other person sent in this thread as read',
        params,
        body: z.object({ with: withQuery }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.markRead(user.id, request.params.itemId, request.body.with);
      return reply.code(204).send(null);
    },
  );
};

export const messageRoutes: FastifyPluginAsyncZod<Deps> = async (app, { service, perSenderLimit }) => {
  const { currentUser } = app;
  // Visitors are refused before a body is read: message bodies must never reach a log.
  app.addHook('onRequest', currentUser.authenticate);

  app.get(
    '/items/:itemId/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'A conversation about an item: the renter sees theirs; the owner sees the list of people and the one chosen with `with`',
        params,
        querystring: z.object({
          with: withQuery,
          before: z.coerce.number().int().min(0).optional().describe('Older page: messages before this seq'),
          after: z.coerce.number().int().min(0).optional().describe('Only messages after this seq (what is new since the last look)'),
        }),
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return service.conversation(user.id, request.params.itemId, request.query);
    },
  );

  app.get(
    '/items/:itemId/messages/people',
    {
      schema: {
        tags: ['messages'],
        summary:
          "The owner's people for an item (everyone who wrote or booked), latest message first; a page at a time. 404 to anyone but the owner",
        params,
        querystring: pageQuerySchema(PEOPLE_PAGE, LIST_MAX_PAGE_SIZE),
        response: { 200: peoplePageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return service.people(user.id, request.params.itemId, pageRequest(request.query, PEOPLE_PAGE));
    },
  );

  await sendingRoutes(app, { service, perSenderLimit });
};
