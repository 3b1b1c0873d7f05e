import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ApiErrorBody, type ErrorCode } from '@toolshed/core';
import { loggableError } from './loggable-error.ts';
import { describeError, type ErrorReporter } from '../errors/error-reporter.ts';
import { BALANCE_NOT_ENOUGH, isOverdraft } from '../../modules/ledger/overdraft.ts';

function body(code: ErrorCode, message: string, field?: string): ApiErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

const MALFORMED_MULTIPART =
  /^(Malformed part header|Unexpected end of (form|multipart data)|Multipart: Boundary not found|Malformed urlencoded form)/;

/** The one place errors become HTTP responses: one body shape, and 5xx never reveal internals. */
/** Must run before routes are registered: plugins copy the error handler when they are created. */
export function registerErrorHandler(app: FastifyInstance, reporter?: ErrorReporter): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(body(err.code, err.message, err.field));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
      const text = issue?.message ?? 'is invalid';
      // Our own messages ('Please enter a name') stand alone; zod's generic ones ('Invalid input: ...') get the field.
      const standsAlone = !field || !/^(Invalid|Too small|Too big|Unrecognized)/.test(text);
      const message = standsAlone ? text : `${field}: ${text}`;
      return reply.status(400).send(body('VALIDATION', message, field));
    }
    // A multipart body the parser could not read (busboy's errors carry no status): the client's fault.
    if (!('statusCode' in err) && MALFORMED_MULTIPART.test(err.message))
      return reply.status(400).send(body('VALIDATION', 'The upload could not be read. Please choose the file again.'));
    // The deferred balance check refused the commit: a spender that missed the member's lock, a
    // fault of ours (logged and reported), but to the member a balance that does not cover it.
    if (isOverdraft(err)) {
      request.log.warn(
        { error: loggableError(err), route: request.routeOptions.url, method: request.method },
        'balance check refused a commit',
      );
      reporter?.report({
        source: 'request',
        error: describeError(err),
        context: { route: request.routeOptions.url ?? '(unmatched)', method: request.method },
      });
      return reply.status(409).send(body('CONFLICT', BALANCE_NOT_ENOUGH));
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.'));
    if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The request is too large.'));
    if (status >= 400 && status < 500) return reply.status(status).send(body('VALIDATION', err.message));
    // Never the request body nor the statement's parameters: they hold people's data.
    request.log.error({ error: loggableError(err), route: request.routeOptions.url, method: request.method }, 'unhandled error');
    reporter?.report({
      source: 'request',
      error: describeError(err),
      context: { route: request.routeOptions.url ?? '(unmatched)', method: request.method },
    });
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}

/**
 * Unknown routes: the web app's index.html for its client-side routes, a JSON 404 otherwise.
 * The page is returned as text, not streamed from disk: each await of a streamed reply adds close
 * listeners to the response, and a static-file miss followed by a file send added eleven.
 */
export function registerNotFound(app: FastifyInstance, options: { spaPage?: () => Promise<string> }): void {
  const { spaPage } = options;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (spaPage && request.method === 'GET' && !pathname.startsWith('/api/') && !pathname.startsWith('/media/')) {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return spaPage();
    }
    reply.status(404);
    return body('NOT_FOUND', `No route for ${request.method} ${pathname}`);
  });
}
