import type { MailMessage, Mailer } from '../platform/mail/mailer.ts';

/** Keeps sent messages in memory so tests can read them and follow their links. */
export function createMemoryMailer(): Mailer & {
  sent: MailMessage[];
  lastTo(to: string): MailMessage;
  linkTo(to: string, path: string): URL;
} {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    lastTo(to) {
      const found = [...sent].reverse().find((m) => m.to === to);
      if (!found) throw new Error(`No email to ${to}`);
      return found;
    },
    linkTo(to, path) {
      const links = this.lastTo(to).text.match(/https?:\/\/\S+/g) ?? [];
      const link = links.find((l) => new URL(l).pathname === path);
      if (!link) throw new Error(`No ${path} link in the last email to ${to}`);
      return new URL(link);
    },
  };
}
