import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEST_CARDS } from '@toolshed/core';
import {
  checkoutRequestSchema,
  errorBodySchema,
  paymentConfigSchema,
  wheelbarrowCheckRequestSchema,
  wheelbarrowCheckResponseSchema,
} from '@toolshed/core/contract';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { CheckoutService } from './checkout-service.ts';
import type { WheelbarrowCheck } from './wheelbarrow-check.ts';

interface Deps {
  service: CheckoutService;
  /** The wheelbarrow check service (prices and availability of lines as they stand now). */
  check: WheelbarrowCheck;
  payments: PaymentProvider;
  /** Checkout attempts per person per 10 minutes (each one may ask the card processor for a hold). */
  perUserLimit: number;
}

export const checkoutRoutes: FastifyPluginAsyncZod<Deps> = async (app, { service, check, payments, perUserLimit }) => {
  const { currentUser } = app;
  app.post(
    '/wheelbarrow/check',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['checkout'],
        summary: 'Prices and availability of wheelbarrow lines as they stand now (visitors too)',
        body: wheelbarrowCheckRequestSchema,
        response: { 200: wheelbarrowCheckResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.optionalUser(request);
      return check(request.body.lines, user?.id ?? null);
    },
  );

  app.get(
    '/payments/config',
    // Public: answers visitors, no session needed.
    { schema: { security: [], tags: ['checkout'], summary: 'How the card form should pay', response: { 200: paymentConfigSchema } } },
    async () => ({ provider: payments.name, currency: 'GBP' as const, testCards: { ...TEST_CARDS } }),
  );

  app.post(
    '/checkout',
    {
      onRequest: currentUser.authenticate,
      config: {
        rateLimit: {
          max: perUserLimit,
          timeWindow: 10 * 60_000,
          keyGenerator: async (request: FastifyRequest) => `checkout|${(await currentUser.optionalUser(request))?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['checkout'],
        summary: 'Book and pay for every line at once: all lines or none, charged once per idempotency key',
        description:
          "Prices come from the database (nothing the client sends as a price is used). The renter's Toolshed balance pays first unless useBalance is false, the card the rest; 409 on balance means it was spent meanwhile (nothing was charged). 409 names the item and dates that are no longer free; 402 means the card was declined. Retrying with the same idempotencyKey returns the first result; 409 on idempotencyKey means the first try is still running (a try that crashed is taken over after two minutes). Once booked, the order stands even if the card capture fails (it is retried in the background). 503 means the database was too busy: nothing was charged, try again.",
        body: checkoutRequestSchema,
        response: {
          201: z.object({ orderId: z.string() }),
          200: z.object({ orderId: z.string() }),
          400: errorBodySchema,
          401: errorBodySchema,
          402: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      const { paymentId, replayed } = await service.checkout(user.id, request.body);
      return reply.status(replayed ? 200 : 201).send({ orderId: paymentId });
    },
  );
};
