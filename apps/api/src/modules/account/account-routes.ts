import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, todayInLondon } from '@toolshed/core';
import { errorBodySchema } from '@toolshed/core/contract';
import type { AccountService } from './account-service.ts';
import type { CalendarFeed } from './calendar-feed.ts';

export interface AccountRouteDeps {
  service: AccountService;
  calendar: CalendarFeed;
  /** Checks the signed-in user's password (the auth library's own check). */
  checkPassword(request: FastifyRequest, password: string): Promise<boolean>;
  now: () => Date;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema };

/** The member's data: downloaded, what stops its deletion, and the deletion itself. */
const accountDataRoutes: FastifyPluginAsyncZod<Omit<AccountRouteDeps, 'calendar'>> = async (app, { service, checkPassword, now }) => {
  const { currentUser } = app;
  app.get(
    '/me/export',
    { schema: { tags: ['account'], summary: 'Download everything held about the signed-in user as a JSON file' } },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      const data = await service.exportData(user.id);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="toolshed-data-${todayInLondon(now())}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get(
    '/me/deletion',
    {
      schema: {
        tags: ['account'],
        summary: 'Whether the account can be deleted now, and if not why',
        response: { 200: z.object({ blocker: z.string().nullable() }), ...errors },
      },
    },
    async (request) => ({
      blocker: await service.deletionBlocker((await currentUser.requireUser(request)).id),
    }),
  );

  app.delete(
    '/me',
    {
      onRequest: currentUser.authenticate,
      // A stolen session must not be a way to try passwords.
      config: { rateLimit: { max: 10, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['account'],
        summary: 'Delete the account (password needed). Refused while rentals are open or the balance is not zero; ends every session.',
        body: z.object({ password: z.string().max(200).default('') }),
        response: { 204: z.null(), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      if (!request.body.password) throw new AppError('VALIDATION', 'Please enter your password.', 'password');
      if (!(await checkPassword(request, request.body.password)))
        throw new AppError('VALIDATION', 'That password is not right.', 'password');
      await service.deleteAccount(user.id);
      return reply.status(204).send(null);
    },
  );
};

export const accountRoutes: FastifyPluginAsyncZod<AccountRouteDeps> = async (app, { service, calendar, checkPassword, now }) => {
  const { currentUser } = app;
  app.post(
    '/me/calendar-feed',
    {
      schema: {
        tags: ['account'],
        summary: 'Make (or reset) the private calendar feed address; an earlier address stops working. The address is shown only now.',
        response: { 201: z.object({ url: z.string() }), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await calendar.reset((await currentUser.requireUser(request)).id)),
  );

  app.delete(
    '/me/calendar-feed',
    { schema: { tags: ['account'], summary: 'Turn the calendar feed off', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await calendar.disable((await currentUser.requireUser(request)).id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/calendar/:file',
    {
      schema: {
        // Public: answers visitors, no session needed.
        security: [],
        tags: ['account'],
        summary: "A user's rentals and the bookings of their items as iCalendar (no session: the secret token in the address is the key)",
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const body = await calendar.render(request.params.file);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('referrer-policy', 'no-referrer')
        .send(body);
    },
  );

  await accountDataRoutes(app, { service, checkPassword, now });
};
