import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, OPERATOR_CODE_TRIES, OPERATOR_CODE_TTL_MS, OPERATOR_MESSAGES, operatorCodeProblem } from '@toolshed/core';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import type { OperatorRepository } from './operator-repository.ts';

/** The code's hash is bound to the session: the same digits mean nothing for another one. */
const hashOf = (sessionId: string, code: string) => createHash('sha256').update(`${sessionId}:${code}`).digest('hex');

/**
 * The desk's second factor: a 6-digit code emailed to the operator, for this session only, valid
 * 10 minutes and 5 tries, stored as a hash. A new code replaces the last one.
 */
export function secondFactor(deps: { repo: OperatorRepository; mailer: Mailer; now: () => Date }) {
  const { repo, mailer, now } = deps;
  return {
    async sendCode(user: CurrentUser): Promise<{ sent: true; message: string; expiresAt: string }> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now().getTime() + OPERATOR_CODE_TTL_MS);
      await repo.saveCode(user.sessionId, hashOf(user.sessionId, code), expiresAt);
      await mailer.send({
        to: user.email,
        subject: `Your Toolshed operator code: ${code}`,
        text: `Hello ${user.name},\n\nYour code for the operator's desk is ${code}. It works for 10 minutes, on the device that asked for it.\n\nIf you did not ask for it, someone has your password: change it now.`,
      });
      return { sent: true, message: OPERATOR_MESSAGES.codeSent, expiresAt: expiresAt.toISOString() };
    },

    async verify(user: CurrentUser, input: string): Promise<void> {
      const code = input.trim();
      if (operatorCodeProblem(code)) throw new AppError('VALIDATION', OPERATOR_MESSAGES.codeFormat, 'code');
      const saved = await repo.code(user.sessionId);
      if (saved?.verifiedAt) return;
      if (!saved || saved.expiresAt.getTime() <= now().getTime() || saved.attempts >= OPERATOR_CODE_TRIES)
        throw new AppError('VALIDATION', OPERATOR_MESSAGES.codeExpired, 'code');
      const given = Buffer.from(hashOf(user.sessionId, code));
      if (!timingSafeEqual(given, Buffer.from(saved.codeHash))) {
        const tries = await repo.countTry(user.sessionId);
        throw new AppError(
          'VALIDATION',
          tries >= OPERATOR_CODE_TRIES ? OPERATOR_MESSAGES.codeExpired : OPERATOR_MESSAGES.codeWrong,
          'code',
        );
      }
      await repo.markVerified(user.sessionId, now());
    },
  };
}

export type SecondFactor = ReturnType<typeof secondFactor>;
