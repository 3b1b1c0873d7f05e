import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorBodySchema } from '@toolshed/core/contract';
import { queryRows, type Db } from '../../db/database.ts';
import type { CurrentUserReader } from '../auth/current-user.ts';

export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db; currentUser: CurrentUserReader }> = async (app, { db, currentUser }) => {
  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: "How many of the signed-in user's notifications are unread",
        response: { 200: z.object({ count: z.number().int() }), 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      const rows = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from notifications where user_id = ${user.id} and read_at is null`,
      );
      return { count: rows[0]?.count ?? 0 };
    },
  );
};
