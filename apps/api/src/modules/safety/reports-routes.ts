import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, reportInputSchema, reportReceiptSchema } from '@toolshed/core/contract';
import type { ReportsService } from './reports-service.ts';

/** POST /api/reports: a signed-in member reports a listing, a member or a message. */
export const reportsRoutes: FastifyPluginAsyncZod<{ service: ReportsService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.post(
    '/reports',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['safety'],
        summary:
          'Report a listing, a member or a message (of a conversation you are in) with a reason and optional words; again: still one report (200). Not yourself or your own things',
        body: reportInputSchema,
        response: { 200: reportReceiptSchema, 201: reportReceiptSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { filed, ...receipt } = await service.report((await currentUser.requireUser(request)).id, request.body);
      return reply.status(filed ? 201 : 200).send(receipt);
    },
  );
};
