import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. The middleware is built once, here: Helmet parses its
 * options and renders every header value when it is built. The Fastify plugin built it again on each
 * request, which was about 11 KB of garbage per browse answer (a sixteenth of all the API allocated
 * under the browse mix) and more frequent young-generation collections.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet sets the headers on the response synchronously and calls back; since 8.1 it throws
    // rather than pass an error to the callback.
    setHeaders(request.raw, reply.raw, () => done());
  });
}
