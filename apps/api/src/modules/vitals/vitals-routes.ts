import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, vitalsReportSchema, vitalsSummarySchema } from '@toolshed/core/contract';
import { SUMMARY_DAYS, type VitalsService } from './vitals-service.ts';

/** A page view reports three metrics, sometimes twice; this leaves room for a busy household. */
const REPORTS_PER_MINUTE = 30;

/**
 * POST /api/vitals: Core Web Vitals measured in visitors' browsers, open to everyone (no cookie is
 * needed or read) but validated and rate-limited, and kept only as daily sums per page kind.
 */
export const vitalsRoutes: FastifyPluginAsyncZod<{ service: VitalsService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.post(
    '/vitals',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['vitals'],
        summary: 'Report web vitals (LCP, INP, CLS) measured in the browser; added to the daily summary',
        body: vitalsReportSchema,
        response: { 204: z.null(), 400: errorBodySchema, 429: errorBodySchema },
      },
      config: { rateLimit: { max: REPORTS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      await service.add(request.body.metrics);
      return reply.status(204).send(null);
    },
  );

  // The summary holds no personal data, but how the site performs is for its members, not for anyone.
  app.get(
    '/vitals/daily',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['vitals'],
        summary: `Daily web-vitals summary of the last ${SUMMARY_DAYS} days for signed-in members: samples, average and ratings per metric and page kind`,
        response: { 200: vitalsSummarySchema, 401: errorBodySchema },
      },
    },
    async () => service.summary(),
  );
};
