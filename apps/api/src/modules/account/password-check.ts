import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from '../auth/auth.ts';

/** The signed-in user's password, checked by the auth library against its stored hash. */
export function passwordChecker(auth: Auth) {
  return async (request: FastifyRequest, password: string): Promise<boolean> => {
    try {
      const result = await auth.api.verifyPassword({ body: { password }, headers: fromNodeHeaders(request.headers) });
      return result.status === true;
    } catch {
      return false;
    }
  };
}

export type PasswordChecker = ReturnType<typeof passwordChecker>;
