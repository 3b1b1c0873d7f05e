import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, formatPostcode, isUkPostcode } from '@toolshed/core';
import { addressSchema, errorBodySchema } from '@toolshed/core/contract';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import type { CurrentUserReader } from '../auth/current-user.ts';

const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  createdAt: z.string().describe('ISO timestamp'),
  address: addressSchema.nullable().describe('The borrower address used at checkout'),
});

const addressBodySchema = z.object({
  line: z.string({ error: 'line is required' }).trim().min(1, 'Please enter your street address').max(200, 'line must be at most 200 characters'),
  city: z.string({ error: 'city is required' }).trim().min(1, 'Please enter your town or city').max(100, 'city must be at most 100 characters'),
  postcode: z
    .string({ error: 'postcode is required' })
    .trim()
    .refine((v) => isUkPostcode(v), 'Please enter a valid UK postcode'),
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
    const address = row.addressLine && row.addressCity && row.addressPostcode ? { line: row.addressLine, city: row.addressCity, postcode: row.addressPostcode } : null;
    return { id: row.id, name: row.name, email: row.email, picture: row.picture, createdAt: row.createdAt.toISOString(), address };
  }

  app.get(
    '/me',
    { schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: meSchema, 401: errorBodySchema } } },
    async (request) => load((await currentUser.requireUser(request)).id),
  );

  app.patch(
    '/me',
    {
      onRequest: currentUser.authenticate,
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

  app.put(
    '/me/address',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['account'],
        summary: "Save the signed-in user's address (UK)",
        body: addressBodySchema,
        response: { 200: meSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      const { line, city, postcode } = request.body;
      await db
        .update(users)
        .set({ addressLine: line, addressCity: city, addressPostcode: formatPostcode(postcode), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return load(user.id);
    },
  );
};
