import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@toolshed/core/contract';
import type { RenterRequirementsCheck } from './renter-requirements.ts';

export const renterStandingSchema = z.object({
  phoneVerified: z.boolean(),
  completedRentals: z.number().int().describe('Rentals the user borrowed that were returned'),
});

/** What the item popup needs to say why the signed-in renter cannot book an item yet. */
export const renterRequirementsRoutes: FastifyPluginAsyncZod<{
  requirements: RenterRequirementsCheck;
}> = async (app, { requirements }) => {
  const { currentUser } = app;
  app.get(
    '/me/renter-standing',
    {
      schema: {
        tags: ['items'],
        summary: "The signed-in user's standing against owners' requirements: a verified phone, and rentals completed as a renter",
        response: { 200: renterStandingSchema, 401: errorBodySchema },
      },
    },
    async (request) => requirements.standing((await currentUser.requireUser(request)).id),
  );
};
