import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, opsClaimsSchema, opsDoneSchema, opsRulingInputSchema } from '@toolshed/core/contract';
import type { OperatorGate } from './operator-gate.ts';
import type { ClaimRulings } from './claim-rulings.ts';

const tags = ['ops'];
const refused = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** /api/ops/claims: claims sent to support, their evidence and the operator's ruling. */
export const opsClaimRoutes: FastifyPluginAsyncZod<{ gate: OperatorGate; rulings: ClaimRulings }> = async (app, { gate, rulings }) => {
  app.get(
    '/ops/claims',
    {
      schema: {
        tags,
        summary:
          "Claims sent to support, oldest first, with both sides' photos, the handover record and their messages (not the operator's own rentals)",
        response: { 200: opsClaimsSchema, ...refused },
      },
    },
    async (request) => rulings.list((await gate.verifiedOperator(request)).id),
  );
  app.post(
    '/ops/claims/:claimId/ruling',
    {
      schema: {
        tags,
        summary:
          'Rule on a claim sent to support: the claimant gets the amount (within the claim and the deposit), settled through the ledger; both sides are told',
        params: z.object({ claimId: z.string().max(100) }),
        body: opsRulingInputSchema,
        response: { 200: opsDoneSchema, 400: errorBodySchema, ...refused, 409: errorBodySchema },
      },
    },
    async (request) =>
      rulings.rule((await gate.verifiedOperator(request)).id, request.params.claimId, request.body.amountPence, request.body.reason),
  );
  app.get(
    '/ops/rentals/:rentalId/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'One claim or handover photo of a rental (WebP), for operators',
        params: z.object({ rentalId: z.string().max(100), photoId: z.string().max(100) }),
        response: { 200: z.custom<Readable>(() => true).describe('The photo, image/webp'), ...refused },
      },
    },
    async (request, reply) => {
      await gate.verifiedOperator(request);
      const file = await rulings.photoFile(request.params.rentalId, request.params.photoId);
      reply.header('content-type', file.contentType).header('cache-control', 'private, no-store');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
