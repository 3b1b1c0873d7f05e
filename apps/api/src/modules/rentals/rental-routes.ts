import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, isIsoDate, todayInLondon } from '@toolshed/core';
import { errorBodySchema, orderSchema, rentalViewSchema } from '@toolshed/core/contract';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CurrentUserReader } from '../auth/current-user.ts';
import type { RentalRepository } from './rental-repository.ts';
import { toRentalView } from './rental-view.ts';
import { isRowId } from '../../db/ids.ts';

export const rentalRoutes: FastifyPluginAsyncZod<{ repo: RentalRepository; storage: FileStorage; currentUser: CurrentUserReader; now: () => Date }> = async (
  app,
  { repo, storage, currentUser, now },
) => {
  app.get(
    '/me/rentals',
    {
      schema: {
        tags: ['rentals'],
        summary: "The signed-in user's rentals as a renter, newest first, with their status",
        response: { 200: z.object({ rentals: z.array(rentalViewSchema) }), 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      const today = todayInLondon(now());
      return { rentals: (await repo.rentalsOfRenter(user.id)).map((r) => toRentalView(r, today, storage)) };
    },
  );

  app.get(
    '/rentals/:rentalId',
    {
      schema: {
        tags: ['rentals'],
        summary: 'One rental, for its renter or its owner; addressed by its id or by {itemId}-{startDate}',
        params: z.object({ rentalId: z.string().max(100) }),
        response: { 200: rentalViewSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      const id = request.params.rentalId;
      // Either the rental's own id, or the spec's form: the item id, a hyphen, then the start date.
      const byItem = /^(.{36})-(\d{4}-\d{2}-\d{2})$/.exec(id);
      const row = isRowId(id)
        ? await repo.rentalFor(id, user.id)
        : byItem && isRowId(byItem[1]!) && isIsoDate(byItem[2]!)
          ? await repo.rentalByItemAndStart(byItem[1]!, byItem[2]!, user.id)
          : undefined;
      if (!row) throw new AppError('NOT_FOUND', 'Rental not found.');
      return toRentalView(row, todayInLondon(now()), storage);
    },
  );

  app.get(
    '/orders/:orderId',
    {
      schema: {
        tags: ['checkout'],
        summary: 'A completed checkout: what was booked and what was charged (the renter only)',
        params: z.object({ orderId: z.string().max(100) }),
        response: { 200: orderSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      const found = isRowId(request.params.orderId) ? await repo.order(request.params.orderId, user.id) : undefined;
      if (!found) throw new AppError('NOT_FOUND', 'Order not found.');
      const today = todayInLondon(now());
      const { payment } = found;
      return {
        id: payment.id,
        rentals: found.rentals.map((r) => toRentalView(r, today, storage)),
        subtotalPence: payment.subtotal_pence,
        serviceFeePence: payment.service_fee_pence,
        totalPence: payment.amount_pence,
        card: { brand: payment.brand, last4: payment.last4 },
        createdAt: new Date(payment.created_at).toISOString(),
      };
    },
  );
};
