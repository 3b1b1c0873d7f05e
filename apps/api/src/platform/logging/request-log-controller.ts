import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { isQuietPath, loggablePath } from './loggable-path.ts';

/**
 * Fastify's request log lines, rewritten: one line per request when its response is sent (method,
 * path without query, status, time) instead of 'incoming request' and 'request completed' with the
 * full URL; health checks, static files and media at debug.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const path = loggablePath(request.url);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const http = { method: request.method, path, status, ms };
    const message = `${request.method} ${path} ${status} ${ms} ms`;
    if (error) reply.log.error({ http, err: error }, `${message} (the response failed)`);
    else if (isQuietPath(path) && status < 500) reply.log.debug({ http }, message);
    else reply.log.info({ http }, message);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`no route for ${request.method} ${loggablePath(request.url)}`);
  }
}
