import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { errorBodySchema } from '@toolshed/core/contract';
import type { Db } from '../../db/database.ts';
import { supportRequests } from '../../db/schema.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { CurrentUserReader } from '../auth/current-user.ts';

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(min, min <= 1 ? `${field} is required` : `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);

export const supportRequestSchema = z.object({
  name: text('name', 1, 100),
  email: z.email({ error: 'email must be a valid email address' }).max(254),
  subject: text('subject', 1, 150),
  message: text('message', 10, 5000),
});

export const supportRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer; supportEmail: string; perIpLimit: number; currentUser: CurrentUserReader }> = async (
  app,
  { db, mailer, supportEmail, perIpLimit, currentUser },
) => {
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
      const body = request.body;
      const [row] = await db
        .insert(supportRequests)
        .values({ ...body, userId: user?.id ?? null })
        .returning({ id: supportRequests.id });
      const id = row!.id;
      // Stored first: the request is never lost, even if the mail server is down.
      try {
        await mailer.send({
          to: supportEmail,
          subject: `[Support] ${body.subject}`,
          text: `From: ${body.name} <${body.email}>${user ? ` (user ${user.id})` : ''}\nReference: ${id}\n\n${body.message}`,
        });
        await db.update(supportRequests).set({ emailedAt: new Date() }).where(eq(supportRequests.id, id));
      } catch (err) {
        request.log.error({ err, id }, 'support request stored but not emailed');
      }
      return reply.status(201).send({ id });
    },
  );
};
