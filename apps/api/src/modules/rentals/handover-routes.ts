import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_HANDOVER_PHOTOS } from '@toolshed/core';
import { errorBodySchema, handoverNoteInputSchema, handoverSchema } from '@toolshed/core/contract';
import { readImageUpload } from '../../platform/images/read-image-upload.ts';
import { uploadRateLimit } from '../../platform/images/upload-rate-limit.ts';
import type { HandoverService } from './handover-service.ts';

const rentalParams = z.object({ rentalId: z.string().max(100) });
const sideParams = rentalParams.extend({ side: z.enum(['pickup', 'return'], { error: 'The side is pickup or return.' }) });
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Handover photos and notes of a rental: its two parties only; anyone else is told it does not exist. */
export const handoverRoutes: FastifyPluginAsyncZod<{ service: HandoverService }> = async (app, { service }) => {
  const { currentUser } = app;
  app.get(
    '/rentals/:rentalId/handover',
    {
      schema: {
        tags: ['rentals'],
        summary:
          "A rental's handover: the owner's photos and note at pick-up, the renter's at return (its two parties only; anyone else: 404)",
        params: rentalParams,
        response: { 200: handoverSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(request.params.rentalId, (await currentUser.requireUser(request)).id),
  );

  app.post(
    '/rentals/:rentalId/handover/:side/photos',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['rentals'],
        summary: `Add one handover photo (multipart field "file"; JPEG, PNG or WebP by content, at most 5 MB and 40 megapixels, ${MAX_HANDOVER_PHOTOS} a side): pickup by the owner from the start day while the rental is under way, return by the renter from the start day until 48 hours after the end date or the return. Time-stamped by the server`,
        params: sideParams,
        response: { 201: handoverSchema, ...refusals, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
      config: { rateLimit: uploadRateLimit(async (request) => (await currentUser.optionalUser(request))?.id) },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      const { rentalId, side } = request.params;
      await service.assertCanAddPhoto(rentalId, user.id, side);
      const data = await readImageUpload(request);
      return reply.status(201).send(await service.addPhoto(rentalId, user.id, side, data));
    },
  );

  app.put(
    '/rentals/:rentalId/handover/:side/note',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['rentals'],
        summary:
          'Save the note of a side of the handover (at most 500 characters; empty removes it), by the party and in the window that may add its photos',
        params: sideParams,
        body: handoverNoteInputSchema,
        response: { 200: handoverSchema, ...refusals },
      },
    },
    async (request) => {
      const user = await currentUser.requireUser(request);
      return service.saveNote(request.params.rentalId, user.id, request.params.side, request.body.note);
    },
  );

  app.get(
    '/rentals/:rentalId/handover/photos/:photoId',
    {
      schema: {
        tags: ['rentals'],
        summary: "One handover photo (WebP), for the rental's two parties only; ?size=thumb for the thumbnail",
        params: rentalParams.extend({ photoId: z.string().max(100) }),
        querystring: z.object({ size: z.enum(['large', 'thumb']).default('large') }),
        response: { 200: z.custom<Readable>(() => true).describe('The photo, image/webp'), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      const file = await service.photoFile(request.params.rentalId, user.id, request.params.photoId, request.query.size);
      // A photo never changes under its address, but only its parties may see it: no shared caches.
      reply.header('content-type', file.contentType).header('cache-control', 'private, max-age=86400, immutable');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
