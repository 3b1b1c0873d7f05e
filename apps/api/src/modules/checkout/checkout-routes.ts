import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEST_CARDS } from '@toolshed/core';
import {
  checkoutAttemptSchema,
  checkoutChallengeSchema,
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

type App = Parameters<FastifyPluginAsyncZod<Deps>>[0];

/** The wheelbarrow's check and the card form's settings, the paying itself, and a checkout's bank challenge. */
export const checkoutRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  wheelbarrowRoutes(app, deps);
  payRoute(app, deps);
  challengeRoutes(app, deps);
};

function wheelbarrowRoutes(app: App, { check, payments }: Deps) {
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
}

function payRoute(app: App, { service, perUserLimit }: Deps) {
  const { currentUser } = app;
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
        // 202: the card's bank asks for its 3-D Secure challenge first; nothing is authorised yet.
        description:
          "A card whose bank asks for strong customer authentication is answered 202 with the bank's page to send the renter to (nextAction.url); the attempt holds the dates for 15 minutes, and POST /checkout/attempts/{attemptId}/confirm finishes it. Prices come from the database (nothing the client sends as a price is used). The renter's Toolshed balance pays first unless useBalance is false, the card the rest; 409 on balance means it was spent meanwhile (nothing was charged). 409 names the item and dates that are no longer free; 402 means the card was declined. Retrying with the same idempotencyKey returns the first result; 409 on idempotencyKey means the first try is still running (a try that crashed is taken over after two minutes). Once booked, the order stands even if the card capture fails (it is retried in the background). 503 means the database was too busy: nothing was charged, try again.",
        body: checkoutRequestSchema,
        response: {
          201: z.object({ orderId: z.string() }),
          200: z.object({ orderId: z.string() }),
          202: checkoutChallengeSchema,
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
      const outcome = await service.checkout(user.id, request.body);
      if ('challenge' in outcome) {
        const { attemptId } = outcome.challenge;
        return reply.status(202).send({ attemptId, nextAction: { type: 'challenge' as const, url: challengePageUrl(attemptId) } });
      }
      return reply.status(outcome.replayed ? 200 : 201).send({ orderId: outcome.paymentId });
    },
  );
}

function challengeRoutes(app: App, { service }: Deps) {
  const { currentUser } = app;
  const attemptParams = z.object({ attemptId: z.uuid() });

  app.get(
    '/checkout/attempts/:attemptId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['checkout'],
        summary: "Where one of the renter's checkout attempts stands (the bank's page and the payment page read it)",
        params: attemptParams,
        response: { 200: checkoutAttemptSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      return service.attempt(user.id, request.params.attemptId);
    },
  );

  app.post(
    '/checkout/attempts/:attemptId/confirm',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['checkout'],
        summary: 'Finish a checkout whose bank challenge was answered: the order, or the failure; asking again answers the same',
        description:
          "201 with the order when this call booked it, 200 when it was booked before (by the bank's page, another tab or an earlier confirm). 402 when the bank's check failed, the card was declined after it or the challenge timed out (15 minutes: the dates are released). 409 on challenge: the bank's check is not finished yet. Of two confirms at once, one books and the other answers its result.",
        params: attemptParams,
        response: {
          201: z.object({ orderId: z.string() }),
          200: z.object({ orderId: z.string() }),
          401: errorBodySchema,
          402: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      const { paymentId, replayed } = await service.confirm(user.id, request.params.attemptId);
      return reply.status(replayed ? 200 : 201).send({ orderId: paymentId });
    },
  );

  app.post(
    '/bank/challenges/:attemptId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['checkout'],
        summary: "The simulated card issuer's 3-D Secure page: the cardholder approves or refuses the payment (test processor only)",
        description:
          'Stands for the bank: a real issuer answers the processor, which tells Toolshed. The checkout is finished at once, so a tab closed after approving still books; the payment page then asks confirm, which answers the same.',
        params: attemptParams,
        body: z.object({ approve: z.boolean() }),
        response: { 200: z.object({ returnUrl: z.string() }), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      await service.answerChallenge(user.id, request.params.attemptId, request.body.approve);
      return { returnUrl: challengeReturnUrl(request.params.attemptId) };
    },
  );
}

/** The simulated issuer's page (web route), where the renter answers the 3-D Secure challenge. */
export const challengePageUrl = (attemptId: string) => `/bank/challenge/${attemptId}`;
/** The payment page the bank's page sends the renter back to. */
export const challengeReturnUrl = (attemptId: string) => `/payment/card?attempt=${attemptId}`;
