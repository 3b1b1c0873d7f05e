import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller's id may look like: a UUID, a proxy's or a load balancer's id; nothing that could break a log line. */
const SANE_ID = /^[A-Za-z0-9._:+=/-]{1,128}$/;

/**
 * Each request's id (Fastify's `genReqId`): the caller's `X-Request-Id` when it is a sane one, so a
 * request can be followed from the proxy through our logs; a new UUID otherwise.
 */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID();
}

/** Every answer says which request it was (the id is also on every log line of the request, as `reqId`). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
