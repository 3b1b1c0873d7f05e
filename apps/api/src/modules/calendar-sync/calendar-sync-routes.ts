import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarSourceInputSchema, calendarSourceSchema, calendarSourcesSchema, errorBodySchema } from '@toolshed/core/contract';
import type { CalendarSyncService } from './calendar-sync-service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** /api/me/calendar-sources: the signed-in owner's other calendars, and nobody else's. */
export const calendarSyncRoutes: FastifyPluginAsyncZod<{ service: CalendarSyncService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.get(
    '/me/calendar-sources',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['calendar sync'],
        summary: "The signed-in owner's other calendars, each with its last fetch and last error",
        response: { 200: calendarSourcesSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ sources: await service.list((await currentUser.requireUser(request)).id) }),
  );

  app.post(
    '/me/calendar-sources',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['calendar sync'],
        summary:
          'Adds an iCalendar address for one of your items or all of them; it is fetched within a minute, then every 15 minutes, and its busy days cannot be booked',
        body: calendarSourceInputSchema,
        response: { 201: calendarSourceSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.add((await currentUser.requireUser(request)).id, request.body)),
  );

  app.delete(
    '/me/calendar-sources/:sourceId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['calendar sync'],
        summary: 'Removes one of your calendars; the days it blocked are free again',
        params: z.object({ sourceId: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove((await currentUser.requireUser(request)).id, request.params.sourceId);
      return reply.code(204).send(null);
    },
  );
};
