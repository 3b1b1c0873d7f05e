import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxSmsSender, readSmsOutbox } from './sms-sender.ts';

describe('outbox SMS sender', () => {
  let dir = '';
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps each message with its number, newest first', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sms-'));
    const sms = createOutboxSmsSender(path.join(dir, 'sms'));
    expect(await readSmsOutbox(path.join(dir, 'sms'))).toEqual([]);
    await sms.send('+447700900123', 'first');
    await new Promise((r) => setTimeout(r, 5));
    await sms.send('+33612345678', 'second');
    const messages = await readSmsOutbox(path.join(dir, 'sms'));
    expect(messages.map((m) => [m.to, m.text])).toEqual([
      ['+33612345678', 'second'],
      ['+447700900123', 'first'],
    ]);
  });
});
