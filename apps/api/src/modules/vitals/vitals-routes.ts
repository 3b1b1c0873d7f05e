import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDays, todayInLondon } from '@toolshed/core';
import { errorBodySchema, vitalsReportSchema, vitalsSummarySchema, type VitalsSummary } from '@toolshed/core/contract';
import type { VitalsRepository } from './vitals-repository.ts';
import type { CurrentUserReader } from '../auth/current-user.ts';

/** A page view reports three metrics, sometimes twice; this leaves room for a busy household. */
const REPORTS_PER_MINUTE = 30;
const SUMMARY_DAYS = 14;

/**
 * POST /api/vitals: Core Web Vitals measured in visitors' browsers, open to everyone (no cookie is
 * needed or read) but validated and rate-limited, and kept only as daily sums per page kind.
 */
export const vitalsRoutes: FastifyPluginAsyncZod<{ repo: VitalsRepository; now: () => Date; currentUser: CurrentUserReader }> = async (app, { repo, now, currentUser }) => {
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
      await repo.add(todayInLondon(now()), request.body.metrics);
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
    async (): Promise<VitalsSummary> => {
      const rows = await repo.since(addDays(todayInLondon(now()), -(SUMMARY_DAYS - 1)));
      return {
        days: rows.map((r) => ({
          day: r.day,
          metric: r.metric as VitalsSummary['days'][number]['metric'],
          page: r.page as VitalsSummary['days'][number]['page'],
          samples: r.samples,
          average: r.samples > 0 ? Math.round((r.total / r.samples) * 1000) / 1000 : 0,
          good: r.good,
          needsImprovement: r.needsImprovement,
          poor: r.poor,
        })),
      };
    },
  );
};
