import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, opsAuditLogSchema, opsCodeInputSchema, opsCodeSentSchema, opsStatusSchema } from '@toolshed/core/contract';
import type { OperatorGate } from './operator-gate.ts';
import type { SecondFactor } from './second-factor.ts';
import type { OperatorRepository } from './operator-repository.ts';

export interface OpsRouteDeps {
  gate: OperatorGate;
  code: SecondFactor;
  repo: OperatorRepository;
}

const tags = ['ops'];
const refused = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** /api/ops: the desk's door (the operator's status, the emailed code) and the audit log. Members get 404; an operator without this session's code gets 403. */
export const opsRoutes: FastifyPluginAsyncZod<OpsRouteDeps> = async (app, { gate, code, repo }) => {
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
};
