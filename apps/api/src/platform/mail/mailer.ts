import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. an alert's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

/** A message as kept in the local outbox, for the development mailbox page. */
export interface OutboxEntry {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  links: string[];
  headers?: Record<string, string>;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** smtp://user:pass@host:port or smtps://...; without it, mail goes to the outbox folder. */
  smtpUrl?: string | undefined;
  outboxDir: string;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

/**
 * Real email through nodemailer: over SMTP when SMTP_URL is set, otherwise rendered to .eml files
 * (plus a JSON summary) in the outbox folder, which the development mailbox page lists.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const entry: OutboxEntry = {
        id,
        to: message.to,
        from: options.from,
        subject: message.subject,
        text: message.text,
        links: [...new Set(message.text.match(LINK) ?? [])],
        ...(message.headers && { headers: message.headers }),
        sentAt: new Date().toISOString(),
      };
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(path.join(options.outboxDir, `${id}.eml`), info.message as Buffer);
      await writeFile(path.join(options.outboxDir, `${id}.json`), JSON.stringify(entry, null, 2));
    },
  };
}

/** Outbox messages, newest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const entries = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir, f), 'utf8')) as OutboxEntry));
  return entries.sort((a, b) => (a.sentAt < b.sentAt ? 1 : a.sentAt > b.sentAt ? -1 : b.id.localeCompare(a.id)));
}
