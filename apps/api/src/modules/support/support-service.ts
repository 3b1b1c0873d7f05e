import type { SupportRequestInput } from '@toolshed/core';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { SupportRepository } from './support-repository.ts';

/**
 * A message to the support team: stored first, so it is never lost, then emailed to the support
 * address. A mail server that is down leaves it stored and unmarked (`emailed_at` null), reported.
 */
export function createSupportService(deps: { repo: SupportRepository; mailer: Mailer; supportEmail: string; now: () => Date }) {
  const { repo, mailer, supportEmail, now } = deps;
  return {
    async send(request: SupportRequestInput, userId: string | null, onMailError: (err: unknown, id: string) => void): Promise<string> {
      const id = await repo.store(request, userId);
      try {
        await mailer.send({
          to: supportEmail,
          subject: `[Support] ${request.subject}`,
          text: `From: ${request.name} <${request.email}>${userId ? ` (user ${userId})` : ''}\nReference: ${id}\n\n${request.message}`,
        });
        await repo.markEmailed(id, now());
      } catch (err) {
        onMailError(err, id);
      }
      return id;
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
