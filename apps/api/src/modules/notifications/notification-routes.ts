import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  LIST_MAX_PAGE_SIZE,
  LIST_PAGE_SIZE,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationTabSchema,
  pageQuerySchema,
  pageRequest,
} from '@toolshed/core/contract';
import type { NotificationService } from './notification-service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Which notices a member gets by email: read and changed by that member only. */
const preferenceRoutes: FastifyPluginAsyncZod<{ service: NotificationService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.get(
    '/me/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How the signed-in user wants to be told (defaults: all on except marketing)',
        response: { 200: notificationPreferencesSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      return service.preferences(user.id);
    },
  );

  app.put(
    '/me/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Saves all preferences at once; every email and text message consults them',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      return service.savePreferences(user.id, request.body);
    },
  );
};

/** Notices marked read: those a member opened, one by one, or all at once. */
const markReadRoutes: FastifyPluginAsyncZod<{ service: NotificationService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.post(
    '/notifications/open',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Opening an entry marks everything in it read',
        body: z.object({ tab: notificationTabSchema, groupKey: z.string().min(1).max(100) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.openEntry(user.id, request.body.tab, request.body.groupKey);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one notification read',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.markRead(user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notifications/read-all',
    { schema: { tags: ['notifications'], summary: 'Mark all as read', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.markAllRead(user.id);
      return reply.code(204).send(null);
    },
  );
};

/** A member's own notices: counted, listed, opened and marked read, and their email preferences. */
export const notificationRoutes: FastifyPluginAsyncZod<{ service: NotificationService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: "How many of the signed-in user's notifications are unread (cheap: the header polls it)",
        response: { 200: z.object({ count: z.number().int() }), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return { count: await service.unreadCount(user.id) };
    },
  );

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'A tab of notifications, a page of entries at a time: one entry per item, rental or the account; unread first, then by unread count',
        querystring: z
          .object({ tab: notificationTabSchema.default('items') })
          .extend(pageQuerySchema(LIST_PAGE_SIZE, LIST_MAX_PAGE_SIZE).shape),
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return service.list(user.id, request.query.tab, pageRequest(request.query, LIST_PAGE_SIZE));
    },
  );

  await markReadRoutes(app, { service });
  await preferenceRoutes(app, { service });
};
