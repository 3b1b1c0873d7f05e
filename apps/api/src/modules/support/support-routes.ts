import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { supportProblems } from '@toolshed/core';
import { errorBodySchema } from '@toolshed/core/contract';
import type { SupportService } from './support-service.ts';

// A missing field is an empty one: the rule below names it in the form's words.
const text = z.string().trim().default('');

/** The contact form's rules, as the form itself checks them (core `supportProblems`), in its words. */
export const supportRequestSchema = z.object({ name: text, email: text, subject: text, message: text }).superRefine((form, ctx) => {
  for (const [field, message] of Object.entries(supportProblems(form))) ctx.addIssue({ code: 'custom', path: [field], message });
});

export const supportRoutes: FastifyPluginAsyncZod<{ service: SupportService; perIpLimit: number }> = async (
  app,
  { service, perIpLimit },
) => {
  const { currentUser } = app;
  app.post(
    '/support-requests',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['support'],
        summary: 'Send a message to the support team (stored, then emailed to the support address)',
        body: supportRequestSchema,
        response: { 201: z.object({ id: z.string() }), 400: errorBodySchema, 429: errorBodySchema },
      },
      config: { rateLimit: { max: perIpLimit, timeWindow: 10 * 60_000 } },
    },
    async (request, reply) => {
      const user = await currentUser.optionalUser(request);
      const id = await service.send(request.body, user?.id ?? null, (err, stored) =>
        request.log.error({ err, id: stored }, 'support request stored but not emailed'),
      );
      return reply.status(201).send({ id });
    },
  );
};
