import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXTENSION_PAYMENT_METHODS } from '@toolshed/core';
import { cancelRentalSchema, errorBodySchema, isoDateSchema } from '@toolshed/core/contract';
import type { ExtensionService } from './extension-service.ts';

const rentalParams = z.object({ rentalId: z.string().max(100) });
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

const priceSchema = z.object({
  newLinePence: z.number().int(),
  linePence: z.number().int(),
  feePence: z.number().int(),
  totalPence: z.number().int().describe('To pay now; negative: what goes back to the balance'),
});

const extensionQuoteSchema = z.object({
  endDate: z.string(),
  problem: z.string().nullable().describe('Why the rental cannot run on to endDate; null when it can'),
  price: priceSchema.nullable(),
  needsOwner: z.boolean().describe('A request-to-book item: the owner accepts the extension first'),
  suggestions: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        dailyRatePence: z.number().int(),
        city: z.string().nullable(),
        distanceMiles: z.number().nullable(),
      }),
    )
    .describe('When the next days are booked: up to 3 items of the same category nearby that are free on them'),
});

const card = z.object({ number: z.string().max(30), expiry: z.string().max(10), cvv: z.string().max(6), name: z.string().max(100) });

/** A waiting extension answered by the owner (accepted, declined) or withdrawn by the renter. */
const extensionAnswerRoutes: FastifyPluginAsyncZod<{ service: ExtensionService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.post(
    '/rentals/:rentalId/extension/accept',
    {
      schema: {
        tags: ['rentals'],
        summary: "Accept a request item's extension (the owner): the end date moves and the renter pays",
        params: rentalParams,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await service.answer(request.params.rentalId, (await currentUser.requireUser(request)).id, { accept: true });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/rentals/:rentalId/extension/decline',
    {
      schema: {
        tags: ['rentals'],
        summary: "Decline a request item's extension with a reason (the owner): nothing is charged",
        params: rentalParams,
        body: cancelRentalSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await service.answer(request.params.rentalId, (await currentUser.requireUser(request)).id, {
        accept: false,
        reason: request.body.reason ?? '',
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/rentals/:rentalId/extension/withdraw',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['rentals'],
        summary:
          "Withdraw a request item's extension the owner has not answered (the renter): the card authorisation is released, nothing is charged and the extra days are free again",
        params: rentalParams,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await service.withdraw(request.params.rentalId, (await currentUser.requireUser(request)).id);
      return reply.status(204).send(null);
    },
  );
};

/** Extending a rental: the renter's quote, request and withdrawal, the owner's answer for a request item. */
export const extensionRoutes: FastifyPluginAsyncZod<{ service: ExtensionService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.get(
    '/rentals/:rentalId/extension',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['rentals'],
        summary: 'What extending the rental to endDate would cost, or why it cannot be (the renter only)',
        params: rentalParams,
        querystring: z.object({ endDate: isoDateSchema }),
        response: { 200: extensionQuoteSchema, ...refusals },
      },
    },
    async (request) => service.quote(request.params.rentalId, (await currentUser.requireUser(request)).id, request.query.endDate),
  );

  app.post(
    '/rentals/:rentalId/extension',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['rentals'],
        summary:
          'Extend an upcoming or active rental to endDate (the renter): an instant item at once, the difference paid by card or balance; a request item once its owner accepts',
        params: rentalParams,
        body: z.object({ endDate: isoDateSchema, payWith: z.enum(EXTENSION_PAYMENT_METHODS), card: card.optional() }),
        response: {
          200: z.object({ status: z.enum(['extended', 'pending']), chargedPence: z.number().int() }),
          402: errorBodySchema,
          ...refusals,
        },
      },
    },
    async (request) => service.extend(request.params.rentalId, (await currentUser.requireUser(request)).id, request.body),
  );

  await extensionAnswerRoutes(app, { service });
};
