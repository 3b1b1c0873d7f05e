import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, readOutbox } from './mailer.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function tempDir() {
  const d = await mkdtemp(path.join(os.tmpdir(), 'toolshed-mail-'));
  dirs.push(d);
  return d;
}

describe('outbox mailer (default)', () => {
  it('writes a real MIME message and a summary with its links', async () => {
    const dir = await tempDir();
    const mailer = createMailer({ from: 'Toolshed <no-reply@toolshed.test>', outboxDir: dir });
    await mailer.send({
      to: 'a@example.com',
      subject: 'Hello',
      text: 'Open http://localhost:3000/auth/callback?token=abc now',
      html: '<p>Hi</p>',
    });
    const files = await readdir(dir);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const [entry] = await readOutbox(dir);
    expect(entry).toMatchObject({ to: 'a@example.com', subject: 'Hello', links: ['http://localhost:3000/auth/callback?token=abc'] });
  });

  it('reads an empty or missing outbox as no messages', async () => {
    expect(await readOutbox(path.join(await tempDir(), 'missing'))).toEqual([]);
  });
});

describe('SMTP mailer (SMTP_URL)', () => {
  it('delivers through a real SMTP server on loopback', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.server.address() as AddressInfo).port;
      const mailer = createMailer({
        from: 'Toolshed <no-reply@toolshed.test>',
        outboxDir: await tempDir(),
        smtpUrl: `smtp://127.0.0.1:${port}`,
      });
      await mailer.send({ to: 'b@example.com', subject: 'Over SMTP', text: 'Delivered for real.' });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Over SMTP');
      expect(received[0]).toContain('To: b@example.com');
      expect(received[0]).toContain('Delivered for real.');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
