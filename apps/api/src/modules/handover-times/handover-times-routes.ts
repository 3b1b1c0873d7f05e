import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  handoverHoursInputSchema,
  handoverHoursSchema,
  handoverSlotsQuerySchema,
  handoverSlotsSchema,
  proposeHandoverTimeSchema,
  rentalHandoverTimesSchema,
} from '@toolshed/core/contract';
import type { HandoverHoursService } from './handover-hours-service.ts';
import type { RentalHandoverService } from './rental-handover-service.ts';

const rentalParams = z.object({ rentalId: z.string().max(100) });
const sideParams = rentalParams.extend({ side: z.enum(['pickup', 'return'], { error: 'The side is pickup or return.' }) });
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** A rental's handover times: read, proposed and accepted by its two parties only (anyone else: 404). */
const rentalTimesRoutes: FastifyPluginAsyncZod<{ rentals: RentalHandoverService }> = async (app, { rentals }) => {
  const { currentUser } = app;
  app.get(
    '/rentals/:rentalId/handover-times',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['handover-times'],
        summary: "A rental's pick-up and return times and any new time proposed (its two parties only; anyone else: 404)",
        params: rentalParams,
        response: { 200: rentalHandoverTimesSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => rentals.get(request.params.rentalId, (await currentUser.requireUser(request)).id),
  );

  app.post(
    '/rentals/:rentalId/handover-times/:side/proposal',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['handover-times'],
        summary:
          "Propose a new pick-up or return time (the renter within the owner's hours, the owner any time of that day) until the day has passed; the other party accepts it",
        params: sideParams,
        body: proposeHandoverTimeSchema,
        response: { 200: rentalHandoverTimesSchema, ...refusals },
      },
    },
    async (request) => {
      const { rentalId, side } = request.params;
      return rentals.propose(rentalId, (await currentUser.requireUser(request)).id, side, request.body.time);
    },
  );

  app.post(
    '/rentals/:rentalId/handover-times/:side/accept',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['handover-times'],
        summary: "Accept the other party's proposed time: it becomes the handover time (the proposer may not: 403)",
        params: sideParams,
        response: { 200: rentalHandoverTimesSchema, ...refusals },
      },
    },
    async (request) => {
      const { rentalId, side } = request.params;
      return rentals.accept(rentalId, (await currentUser.requireUser(request)).id, side);
    },
  );
};

/** Owners' handover hours, the slots an item offers, and a rental's handover times (its two parties only). */
export const handoverTimesRoutes: FastifyPluginAsyncZod<{ hours: HandoverHoursService; rentals: RentalHandoverService }> = async (
  app,
  { hours, rentals },
) => {
  const { currentUser } = app;
  app.get(
    '/me/handover-hours',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['handover-times'],
        summary: 'The hours the signed-in owner hands items over and takes them back, per weekday (08:00 to 20:00 every day until set)',
        response: { 200: handoverHoursSchema, 401: errorBodySchema },
      },
    },
    async (request) => hours.get((await currentUser.requireUser(request)).id),
  );

  app.put(
    '/me/handover-hours',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['handover-times'],
        summary: "Replace the signed-in owner's handover hours (30-minute steps, no overlaps on a day; an empty list: the default)",
        body: handoverHoursInputSchema,
        response: { 200: handoverHoursSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => hours.set((await currentUser.requireUser(request)).id, request.body.ranges),
  );

  app.get(
    '/items/:itemId/handover-slots',
    {
      schema: {
        // Public: a visitor choosing dates sees the times on offer, as they see the item.
        security: [],
        tags: ['handover-times'],
        summary: "The pick-up times on the start date and the return times on the end date, from the owner's hours (London time)",
        params: z.object({ itemId: z.string().max(100) }),
        querystring: handoverSlotsQuerySchema,
        response: { 200: handoverSlotsSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => hours.slots(request.params.itemId, request.query.startDate, request.query.endDate),
  );

  app.get(
    '/items/:itemId/handover-hours',
    {
      schema: {
        // Public: the item page says when its owner hands over, as it says the price.
        security: [],
        tags: ['handover-times'],
        summary: "The hours the item's owner hands over and takes back, per weekday (London time; the default when they set none)",
        params: z.object({ itemId: z.string().max(100) }),
        response: { 200: handoverHoursSchema, 404: errorBodySchema },
      },
    },
    async (request) => hours.ofItem(request.params.itemId),
  );

  await rentalTimesRoutes(app, { rentals });
};
