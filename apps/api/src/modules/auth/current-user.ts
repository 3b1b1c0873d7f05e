import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '@toolshed/core';
import type { Auth } from './auth.ts';

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  /** The session the request came with (the operator's second factor is bound to it). */
  sessionId: string;
}

/** Reads the session cookie; every protected route starts with `requireUser`. */
export function createCurrentUser(auth: Auth) {
  // One session lookup per request, however many times it is asked.
  const seen = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

  function optionalUser(request: FastifyRequest): Promise<CurrentUser | null> {
    let found = seen.get(request);
    if (!found) {
      found = auth.api
        .getSession({ headers: fromNodeHeaders(request.headers) })
        .then((session) =>
          session ? { id: session.user.id, name: session.user.name, email: session.user.email, sessionId: session.session.id } : null,
        );
      seen.set(request, found);
    }
    return found;
  }

  async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
    const user = await optionalUser(request);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return user;
  }

  return {
    optionalUser,
    requireUser,
    /** An onRequest hook: refuses visitors before the body is even read or validated. */
    authenticate: async (request: FastifyRequest): Promise<void> => {
      await requireUser(request);
    },
  };
}

export type CurrentUserReader = ReturnType<typeof createCurrentUser>;
