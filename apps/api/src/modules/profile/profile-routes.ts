import type {} from '@fastify/multipart';
import { readImageUpload } from '../../platform/images/read-image-upload.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressProblems, PICTURE_MAX_BYTES, PICTURE_MESSAGES } from '@toolshed/core';
import { addressSchema, errorBodySchema } from '@toolshed/core/contract';
import type { CurrentUserReader } from '../auth/current-user.ts';
import type { PhoneVerification } from './phone-verification.ts';
import type { ProfileService } from './profile-service.ts';

const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable().describe('URL of the uploaded profile picture'),
  createdAt: z.string().describe('ISO timestamp'),
  address: addressSchema.nullable().describe('The borrower address used at checkout'),
  phone: z
    .object({ countryCode: z.string(), dialCode: z.string(), number: z.string(), formatted: z.string(), verified: z.boolean() })
    .nullable(),
  vacationUntil: z.string().nullable().describe('YYYY-MM-DD: the owner is away and their items cannot be booked up to this day'),
  calendarFeed: z.boolean().describe('Whether a private calendar feed address exists'),
  phoneCode: z
    .object({ sentTo: z.string(), expiresAt: z.string().describe('ISO instant') })
    .nullable()
    .describe('A phone verification code sent and still valid: the number it went to and when it expires'),
});

// A missing field is an empty one; the address form's own rule (core) names each problem in its words.
const addressText = z.string().trim().default('');
const addressBodySchema = z.object({ line: addressText, city: addressText, postcode: addressText }).superRefine((address, ctx) => {
  for (const [field, message] of Object.entries(addressProblems(address))) ctx.addIssue({ code: 'custom', path: [field], message });
});

const nameSchema = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name must not be blank')
  .max(100, 'name must be at most 100 characters');

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const me = { response: { 200: meSchema, ...errors } };

/** The id of the signed-in member asking (401 when nobody is). */
const signedInId = (currentUser: CurrentUserReader) => async (request: Parameters<CurrentUserReader['requireUser']>[0]) =>
  (await currentUser.requireUser(request)).id;

/** The member's phone number: a code texted to it, the code checked, the number removed. */
const phoneRoutes: FastifyPluginAsyncZod<{ service: ProfileService; phone: PhoneVerification }> = async (app, { service, phone }) => {
  const { currentUser } = app;
  const userId = signedInId(currentUser);
  app.post(
    '/me/phone/code',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Save a phone number (unverified) and text it a 6-digit code valid for 10 minutes (3 codes per 10 minutes)',
        body: z.object({ countryCode: z.string().max(10).default(''), number: z.string().max(40).default('') }),
        response: { 200: z.object({ sentTo: z.string(), expiresAt: z.string() }), ...errors, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => phone.sendCode(await userId(request), request.body.countryCode, request.body.number),
  );

  app.post(
    '/me/phone/verify',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Check the code; right: the number is marked verified (5 tries per code)',
        body: z.object({ code: z.string().max(20).default('') }),
        response: { 200: meSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => {
      const id = await userId(request);
      await phone.verify(id, request.body.code);
      return service.me(id);
    },
  );

  app.delete('/me/phone', { schema: { tags: ['account'], summary: 'Remove the phone number', ...me } }, async (request) => {
    const id = await userId(request);
    await phone.remove(id);
    return service.me(id);
  });
};

/** The signed-in member's profile: their details, address, picture, vacation and phone. */
export const profileRoutes: FastifyPluginAsyncZod<{
  service: ProfileService;
  phone: PhoneVerification;
}> = async (app, { service, phone }) => {
  const { currentUser } = app;
  const userId = signedInId(currentUser);

  app.get(
    '/me',
    { schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: meSchema, 401: errorBodySchema } } },
    async (request) => service.me(await userId(request)),
  );

  app.patch(
    '/me',
    {
      onRequest: currentUser.authenticate,
      schema: { tags: ['account'], summary: "Change the signed-in user's name", body: z.object({ name: nameSchema }), ...me },
    },
    async (request) => service.rename(await userId(request), request.body.name),
  );

  app.put(
    '/me/address',
    {
      onRequest: currentUser.authenticate,
      schema: { tags: ['account'], summary: "Save the signed-in user's address (UK)", body: addressBodySchema, ...me },
    },
    async (request) => service.saveAddress(await userId(request), request.body),
  );

  app.post(
    '/me/picture',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Upload a profile picture (multipart field "file"; JPEG, PNG or WebP by content, at most 5 MB); replaces the old one',
        response: { 200: meSchema, ...errors, 413: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      const id = await userId(request);
      // The one upload reader: refuses a file one byte over the limit whole (never a truncated copy) and pixel bombs.
      const data = await readImageUpload(request, {
        maxBytes: PICTURE_MAX_BYTES,
        tooLargeMessage: PICTURE_MESSAGES.tooLarge,
        missingMessage: PICTURE_MESSAGES.required,
        unreadableMessage: PICTURE_MESSAGES.notImage,
      });
      return service.setPicture(id, data);
    },
  );

  app.delete('/me/picture', { schema: { tags: ['account'], summary: 'Remove the profile picture', ...me } }, async (request) =>
    service.removePicture(await userId(request)),
  );

  app.put(
    '/me/vacation',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['account'],
        summary:
          "Vacation mode on: the user's items cannot be booked for dates up to and including `until`; it ends by itself after that day",
        body: z.object({ until: z.string({ error: 'Please choose the date you are back.' }).max(10) }),
        ...me,
      },
    },
    async (request) => service.setVacation(await userId(request), request.body.until),
  );

  app.delete('/me/vacation', { schema: { tags: ['account'], summary: 'Vacation mode off', ...me } }, async (request) =>
    service.endVacation(await userId(request)),
  );

  await phoneRoutes(app, { service, phone });
};
