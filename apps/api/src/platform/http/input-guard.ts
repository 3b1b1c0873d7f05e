import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@toolshed/core';
import { findInputProblem } from '@toolshed/core/contract';

/** A 4xx the error handler answers with its own status (415 has no AppError code of its own). */
function httpError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode });
}

function check(part: 'query' | 'params' | 'body', value: unknown): void {
  const problem = findInputProblem(value);
  if (!problem) return;
  const field = problem.path || undefined;
  if (problem.problem === 'too-deep') throw new AppError('VALIDATION', 'The request is nested too deeply.', field);
  const where = field ? `${field}` : `The ${part === 'params' ? 'address' : part}`;
  throw new AppError('VALIDATION', `${where} contains a character that cannot be stored (a NUL or an unpaired surrogate).`, field);
}

/**
 * Runs before every route's schema (zod) and before the auth relay, which has no schema: input the
 * database cannot hold is refused once, here, for every text field of every route, including routes
 * added later. Also: a multipart body sent to a route that expects JSON is 415, not a confusing 400.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const type = request.headers['content-type'] ?? '';
    if (request.routeOptions.schema?.body && /^multipart\//i.test(type)) {
      throw httpError(415, 'Send this request as JSON (Content-Type: application/json).');
    }
    check('params', request.params);
    check('query', request.query);
    check('body', request.body);
  });
}
