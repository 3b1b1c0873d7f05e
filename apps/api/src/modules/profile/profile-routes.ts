import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@toolshed/core';
import { errorBodySchema } from '@toolshed/core/contract';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import type { CurrentUserReader } from '../auth/current-user.ts';

const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  createdAt: z.string().describe('ISO timestamp'),
});

const nameSchema = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name must not be blank')
  .max(100, 'name must be at most 100 characters');

export const profileRoutes: FastifyPluginAsyncZod<{ db: Db; currentUser: CurrentUserReader }> = async (app, { db, currentUser }) => {
  async function load(id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return { id: row.id, name: row.name, email: row.email, picture: row.picture, createdAt: row.createdAt.toISOString() };
  }

  app.get(
    '/me',
    { schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: meSchema, 401: errorBodySchema } } },
    async (request) => load((await currentUser.requireUser(request)).id),
  );

  app.patch(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: "Change the signed-in user's name",
        body: z.object({ name: nameSchema }),
        response: { 200: meSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      await db.update(users).set({ name: request.body.name, updatedAt: new Date() }).where(eq(users.id, user.id));
      return load(user.id);
    },
  );
};
