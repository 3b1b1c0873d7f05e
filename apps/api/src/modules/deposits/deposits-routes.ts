import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_CLAIM_PHOTOS } from '@toolshed/core';
import {
  claimAmountSchema,
  claimInputSchema,
  claimReplySchema,
  depositCardChallengeSchema,
  depositCardInputSchema,
  depositChallengeSchema,
  depositViewSchema,
  errorBodySchema,
} from '@toolshed/core/contract';
import { readImageUpload } from '../../platform/images/read-image-upload.ts';
import { uploadRateLimit } from '../../platform/images/upload-rate-limit.ts';
import type { DepositsService } from './deposits-service.ts';
import type { DepositSchedule } from './deposit-schedule.ts';

const rentalParams = z.object({ rentalId: z.string().max(100) });
const claimParams = z.object({ claimId: z.string().max(100) });
const challengeParams = z.object({ challengeId: z.string().max(100) });
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** A rental's deposit and claims, for its two parties only (anyone else: 404). */
export const depositsRoutes: FastifyPluginAsyncZod<{ service: DepositsService; schedule: DepositSchedule }> = async (
  app,
  { service, schedule },
) => {
  const { currentUser } = app;
  app.put(
    '/rentals/:rentalId/deposit/card',
    {
      schema: {
        tags: ['rentals'],
        summary:
          'The renter gives another card for a deposit that could not be held on the saved one: saved for this booking and authorised at once (renter only)',
        params: rentalParams,
        body: depositCardInputSchema,
        description:
          "202 with the bank's page to go to when the card's bank asks for its 3-D Secure challenge (the same page as at checkout); the deposit is held once the bank approves.",
        response: { 200: depositViewSchema, 202: depositCardChallengeSchema, 402: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const answer = await schedule.giveCard(request.params.rentalId, (await currentUser.requireUser(request)).id, request.body.card);
      return 'challenge' in answer ? reply.code(202).send(answer.challenge) : answer.held;
    },
  );

  app.get(
    '/deposit-challenges/:challengeId',
    {
      schema: {
        tags: ['rentals'],
        summary: "Where the renter's own 3-D Secure challenge for a deposit card stands (the bank's page reads it)",
        params: challengeParams,
        response: { 200: depositChallengeSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => schedule.cardChallenge(request.params.challengeId, (await currentUser.requireUser(request)).id),
  );

  app.post(
    '/bank/deposit-challenges/:challengeId',
    {
      schema: {
        tags: ['rentals'],
        summary:
          "The simulated card issuer's 3-D Secure page for a deposit card: the cardholder approves (the deposit is held at once) or refuses (test processor only)",
        params: challengeParams,
        body: z.object({ approve: z.boolean() }),
        response: { 200: z.object({ returnUrl: z.string() }), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      schedule.answerCardChallenge(request.params.challengeId, (await currentUser.requireUser(request)).id, request.body.approve),
  );

  app.get(
    '/rentals/:rentalId/deposit',
    {
      schema: {
        tags: ['rentals'],
        summary: "A rental's deposit hold, late fee so far, the problems the signed-in party may report now and the claims' timeline",
        params: rentalParams,
        response: { 200: depositViewSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.view(request.params.rentalId, (await currentUser.requireUser(request)).id),
  );

  app.post(
    '/rentals/:rentalId/claims',
    {
      schema: {
        tags: ['rentals'],
        summary:
          'Report a problem within 48 hours after the end date: the owner claims from the deposit (damage, missing parts, not returned, a late return up to the late fee), the renter asks back up to what they paid (not as described)',
        params: rentalParams,
        body: claimInputSchema,
        response: { 201: depositViewSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      return reply.code(201).send(await service.report(request.params.rentalId, user.id, request.body));
    },
  );

  app.post(
    '/claims/:claimId/accept',
    {
      schema: {
        tags: ['rentals'],
        summary:
          'The other party accepts a claim: the amount moves (from the deposit to the owner, the rest released; or from the owner to the renter)',
        params: claimParams,
        response: { 200: depositViewSchema, ...refusals },
      },
    },
    async (request) => service.accept(request.params.claimId, (await currentUser.requireUser(request)).id),
  );

  app.post(
    '/claims/:claimId/dispute',
    {
      schema: {
        tags: ['rentals'],
        summary:
          'The other party disputes a claim with their reply; not agreed within 7 days, it goes to Toolshed support and the deposit stays held',
        params: claimParams,
        body: claimReplySchema,
        response: { 200: depositViewSchema, ...refusals },
      },
    },
    async (request) => service.dispute(request.params.claimId, (await currentUser.requireUser(request)).id, request.body.reply),
  );

  app.post(
    '/claims/:claimId/withdraw',
    {
      schema: {
        tags: ['rentals'],
        summary:
          'The claimant withdraws a claim before it is settled: nothing moves for it (a hold whose window has closed, with no other claim waiting, is released)',
        params: claimParams,
        response: { 200: depositViewSchema, ...refusals },
      },
    },
    async (request) => service.withdraw(request.params.claimId, (await currentUser.requireUser(request)).id),
  );

  app.post(
    '/claims/:claimId/lower',
    {
      schema: {
        tags: ['rentals'],
        summary: 'The claimant lowers a claim before it is settled, to less than it was and more than nothing',
        params: claimParams,
        body: claimAmountSchema,
        response: { 200: depositViewSchema, ...refusals },
      },
    },
    async (request) => service.lower(request.params.claimId, (await currentUser.requireUser(request)).id, request.body.amountPence),
  );

  app.post(
    '/claims/:claimId/propose',
    {
      schema: {
        tags: ['rentals'],
        summary: "After a dispute, either side proposes a lower amount (replacing its own or the other side's last proposal)",
        params: claimParams,
        body: claimAmountSchema,
        response: { 200: depositViewSchema, ...refusals },
      },
    },
    async (request) => service.propose(request.params.claimId, (await currentUser.requireUser(request)).id, request.body.amountPence),
  );

  app.post(
    '/claims/:claimId/agree',
    {
      schema: {
        tags: ['rentals'],
        summary:
          'The other side agrees to a proposal (naming the amount it was shown): the claim is accepted at it and the money moves as for an accept',
        params: claimParams,
        body: claimAmountSchema,
        response: { 200: depositViewSchema, ...refusals },
      },
    },
    async (request) => service.agree(request.params.claimId, (await currentUser.requireUser(request)).id, request.body.amountPence),
  );

  app.post(
    '/claims/:claimId/photos',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['rentals'],
        summary: `Add one photo to a claim (multipart field "file"; JPEG, PNG or WebP by content, at most 5 MB and 40 megapixels, ${MAX_CLAIM_PHOTOS} from each side): the claimant with the report, the other party once they dispute; none once accepted. Time-stamped by the server`,
        params: claimParams,
        response: { 201: depositViewSchema, ...refusals, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
      config: { rateLimit: uploadRateLimit(async (request) => (await currentUser.optionalUser(request))?.id) },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      await service.assertCanAddPhoto(request.params.claimId, user.id);
      const data = await readImageUpload(request);
      return reply.status(201).send(await service.addPhoto(request.params.claimId, user.id, data));
    },
  );

  app.get(
    '/claims/:claimId/photos/:photoId',
    {
      schema: {
        tags: ['rentals'],
        summary: "One claim photo (WebP), for the rental's two parties only; ?size=thumb for the thumbnail",
        params: claimParams.extend({ photoId: z.string().max(100) }),
        querystring: z.object({ size: z.enum(['large', 'thumb']).default('large') }),
        response: { 200: z.custom<Readable>(() => true).describe('The photo, image/webp'), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      const file = await service.photoFile(request.params.claimId, user.id, request.params.photoId, request.query.size);
      // A photo never changes under its address, but only the parties may see it: no shared caches.
      reply.header('content-type', file.contentType).header('cache-control', 'private, max-age=86400, immutable');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
