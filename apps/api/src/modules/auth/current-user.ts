import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '@toolshed/core';
import type { Auth } from './auth.ts';

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
}

/** Reads the session cookie; every protected route starts with `requireUser`. */
export function createCurrentUser(auth: Auth) {
  async function optionalUser(request: FastifyRequest): Promise<CurrentUser | null> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    return { id: session.user.id, name: session.user.name, email: session.user.email };
  }
  return {
    optionalUser,
    async requireUser(request: FastifyRequest): Promise<CurrentUser> {
      const user = await optionalUser(request);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      return user;
    },
  };
}

export type CurrentUserReader = ReturnType<typeof createCurrentUser>;
