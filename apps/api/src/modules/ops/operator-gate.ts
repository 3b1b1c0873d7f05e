import type { FastifyRequest } from 'fastify';
import { AppError, OPERATOR_MESSAGES } from '@toolshed/core';
import type { CurrentUser, CurrentUserReader } from '../auth/current-user.ts';
import type { OperatorRepository } from './operator-repository.ts';

/** Members (and visitors to whom the route is not public) never learn the desk is there: 404, as for a page that does not exist. */
const notFound = () => new AppError('NOT_FOUND', 'Not found.');

/**
 * Who may use the desk: a signed-in account named in OPERATOR_EMAILS (anyone else: 404) whose
 * session has entered the emailed code (else 403, saying so), unless `verified` is not asked for.
 */
export function createOperatorGate(deps: { operatorEmails: readonly string[]; currentUser: CurrentUserReader; repo: OperatorRepository }) {
  const operators = new Set(deps.operatorEmails.map((e) => e.toLowerCase()));

  async function operator(request: FastifyRequest): Promise<CurrentUser> {
    const user = await deps.currentUser.requireUser(request);
    if (!operators.has(user.email.toLowerCase())) throw notFound();
    return user;
  }

  async function isVerified(user: CurrentUser): Promise<boolean> {
    const code = await deps.repo.code(user.sessionId);
    return code?.verifiedAt != null;
  }

  return {
    /** The operator asking, whether or not they entered the code yet (to ask for one). */
    operator,
    isVerified,
    /** The operator asking, with the second factor entered for this session. */
    async verifiedOperator(request: FastifyRequest): Promise<CurrentUser> {
      const user = await operator(request);
      if (!(await isVerified(user))) throw new AppError('FORBIDDEN', OPERATOR_MESSAGES.secondFactor);
      return user;
    },
  };
}

export type OperatorGate = ReturnType<typeof createOperatorGate>;
