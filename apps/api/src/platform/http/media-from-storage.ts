import type { FastifyInstance } from 'fastify';
import { assertSafeKey, isPrivateKey, MEDIA_PREFIX, type FileStorage } from '../storage/file-storage.ts';

/**
 * Serves /media/<key> from a storage that is not a local folder (an S3 bucket without a public
 * address), so any API process can answer for a photo another one stored.
 */
export function registerMediaFromStorage(app: FastifyInstance, storage: FileStorage): void {
  app.get(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    try {
      assertSafeKey(key);
      if (isPrivateKey(key)) throw new Error('private');
    } catch {
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
    const file = await storage.get(key);
    if (!file) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    reply.header('content-type', file.contentType).header('cache-control', 'public, max-age=31536000, immutable');
    if (file.size !== undefined) reply.header('content-length', file.size);
    return reply.send(file.body);
  });
}
