import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, opsDoneSchema, opsReasonInputSchema, opsReportsSchema } from '@toolshed/core/contract';
import type { OperatorGate } from './operator-gate.ts';
import type { ReportsQueue } from './reports-queue.ts';
import type { MemberStanding } from './member-standing.ts';

const tags = ['ops'];
const refused = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const acting = { 200: opsDoneSchema, 400: errorBodySchema, ...refused, 409: errorBodySchema };

/** What operators do to a member: warn, suspend, reinstate (each with its reason, for the audit log). */
const memberStandingRoutes: FastifyPluginAsyncZod<{ gate: OperatorGate; standing: MemberStanding }> = async (app, { gate, standing }) => {
  const memberParams = z.object({ memberId: z.string().max(100) });
  app.post(
    '/ops/members/:memberId/warn',
    {
      schema: {
        tags,
        summary: 'Warn a member by email, with the reason',
        params: memberParams,
        body: opsReasonInputSchema,
        response: acting,
      },
    },
    async (request) => standing.warn((await gate.verifiedOperator(request)).id, request.params.memberId, request.body.reason),
  );
  app.post(
    '/ops/members/:memberId/suspend',
    {
      schema: {
        tags,
        summary:
          'Suspend a member: their sessions end, their listings are hidden, their upcoming bookings are cancelled with full refunds and both sides told',
        params: memberParams,
        body: opsReasonInputSchema,
        response: { ...acting, 200: opsDoneSchema.extend({ cancelled: z.number().int() }) },
      },
    },
    async (request) => standing.suspend((await gate.verifiedOperator(request)).id, request.params.memberId, request.body.reason),
  );
  app.post(
    '/ops/members/:memberId/reinstate',
    {
      schema: {
        tags,
        summary: 'Reinstate a suspended member: they may sign in, and the listings the suspension hid show again',
        params: memberParams,
        body: opsReasonInputSchema,
        response: acting,
      },
    },
    async (request) => standing.reinstate((await gate.verifiedOperator(request)).id, request.params.memberId, request.body.reason),
  );
};

/** /api/ops: the reports queue, and what operators do to listings and members (each with its reason, for the audit log). */
export const opsActionRoutes: FastifyPluginAsyncZod<{ gate: OperatorGate; queue: ReportsQueue; standing: MemberStanding }> = async (
  app,
  { gate, queue, standing },
) => {
  app.get(
    '/ops/reports',
    {
      schema: {
        tags,
        summary: 'Open reports, oldest first, with what was reported as it was then',
        response: { 200: opsReportsSchema, ...refused },
      },
    },
    async (request) => {
      await gate.verifiedOperator(request);
      return queue.list();
    },
  );
  app.post(
    '/ops/reports/:reportId/dismiss',
    {
      schema: {
        tags,
        summary: "Dismiss a report (and the thing's other open reports): nothing to do",
        params: z.object({ reportId: z.string().max(100) }),
        body: opsReasonInputSchema,
        response: acting,
      },
    },
    async (request) => queue.dismiss((await gate.verifiedOperator(request)).id, request.params.reportId, request.body.reason),
  );
  const itemParams = z.object({ itemId: z.string().max(100) });
  for (const [verb, hidden, summary] of [
    ['hide', true, 'Hide a listing from browsing; its open reports are upheld'],
    ['restore', false, 'Show a hidden listing again; its open reports are dismissed'],
  ] as const) {
    app.post(
      `/ops/items/:itemId/${verb}`,
      { schema: { tags, summary, params: itemParams, body: opsReasonInputSchema, response: acting } },
      async (request) =>
        queue.setListingHidden((await gate.verifiedOperator(request)).id, request.params.itemId, hidden, request.body.reason),
    );
  }

  await memberStandingRoutes(app, { gate, standing });
};
