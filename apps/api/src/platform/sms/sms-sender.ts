import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Sends a text message. `to` is an E.164 number ('+447700900123'). No SMS gateway is reachable from
 * here, so the default provider writes each message to a local outbox; a real gateway implements
 * this same interface.
 */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** A text message as kept in the local outbox, for the development mailbox page and tests. */
export interface SmsOutboxEntry {
  id: string;
  to: string;
  text: string;
  sentAt: string;
}

/** The default provider: one JSON file per message in `outboxDir`. */
export function createOutboxSmsSender(outboxDir: string): SmsSender {
  return {
    async send(to, text) {
      const sentAt = new Date().toISOString();
      const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const entry: SmsOutboxEntry = { id, to, text, sentAt };
      await mkdir(outboxDir, { recursive: true });
      await writeFile(path.join(outboxDir, `${id}.json`), JSON.stringify(entry, null, 2));
    },
  };
}

/** Outbox text messages, newest first. */
export async function readSmsOutbox(outboxDir: string): Promise<SmsOutboxEntry[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const entries = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir, f), 'utf8')) as SmsOutboxEntry));
  return entries.sort((a, b) => (a.sentAt < b.sentAt ? 1 : a.sentAt > b.sentAt ? -1 : b.id.localeCompare(a.id)));
}
