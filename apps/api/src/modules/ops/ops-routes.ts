import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  opsAuditLogSchema,
  opsCodeInputSchema,
  opsCodeSentSchema,
  opsDoneSchema,
  opsReasonInputSchema,
  opsReportsSchema,
  opsStatusSchema,
} from '@toolshed/core/contract';
import type { OperatorGate } from './operator-gate.ts';
import type { SecondFactor } from './second-factor.ts';
import type { ReportsQueue } from './reports-queue.ts';
import type { MemberStanding } from './member-standing.ts';
import type { OperatorRepository } from './operator-repository.ts';

export interface OpsRouteDeps {
  gate: OperatorGate;
  code: SecondFactor;
  queue: ReportsQueue;
  standing: MemberStanding;
  repo: OperatorRepository;
}

const tags = ['ops'];
const refused = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const acting = { 200: opsDoneSchema, 400: errorBodySchema, ...refused, 409: errorBodySchema };

/** /api/ops: the operator's desk. Members get 404; an operator without this session's code gets 403. */
export const opsRoutes: FastifyPluginAsyncZod<OpsRouteDeps> = async (app, { gate, code, queue, standing, repo }) => {
  app.get(
    '/ops/me',
    {
      schema: {
        tags,
        summary: "Whether the signed-in operator has entered this session's code (members: 404)",
        response: { 200: opsStatusSchema, ...refused },
      },
    },
    async (request) => {
      const user = await gate.operator(request);
      return { operator: true as const, email: user.email, verified: await gate.isVerified(user) };
    },
  );
  app.post(
    '/ops/code',
    {
      schema: {
        tags,
        summary: 'Email the operator a 6-digit code for this session (10 minutes, 5 tries); a new one replaces the last',
        response: { 200: opsCodeSentSchema, ...refused },
      },
    },
    async (request) => code.sendCode(await gate.operator(request)),
  );
  app.post(
    '/ops/code/verify',
    {
      schema: {
        tags,
        summary: 'Enter the emailed code: this session may use the desk from now on',
        body: opsCodeInputSchema,
        response: { 200: opsStatusSchema, 400: errorBodySchema, ...refused },
      },
    },
    async (request) => {
      const user = await gate.operator(request);
      await code.verify(user, request.body.code);
      return { operator: true as const, email: user.email, verified: true };
    },
  );
  app.get(
    '/ops/audit',
    {
      schema: {
        tags,
        summary: "The operators' audit log, newest first (who, what, when, why); it cannot be changed",
        response: { 200: opsAuditLogSchema, ...refused },
      },
    },
    async (request) => {
      await gate.verifiedOperator(request);
      return { entries: await repo.auditLog(200) };
    },
  );
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
