import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { confirmEmail, cookieHeader, post, signIn, signUp } from '../../test/auth-helpers.ts';
import { createLogger } from './create-logger.ts';

interface LogLine {
  level: number;
  msg: string;
  http?: { method: string; path: string; status: number };
}

describe('logs', () => {
  const written: string[] = [];
  const mailer = createMemoryMailer();
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let dataDir: string;
  const lines = () =>
    written
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as LogLine);
  const requestLines = (method: string, pathname: string) => lines().filter((l) => l.http?.method === method && l.http.path === pathname);

  beforeAll(async () => {
    const opened = await openTestDatabase();
    dispose = opened.dispose;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-logs-'));
    // Everything down to debug is captured, as an operator chasing a problem would log it.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      AUTH_RATE_LIMIT: '1000',
    });
    const logger = createLogger(config, { write: (line: string) => void written.push(line) });
    app = await buildApp({ config, database: opened.database, authSecret: 'log-test-secret-long-enough-for-signing-0123', mailer, logger });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never hold the tokens of a sign-up, a confirmation, a password reset or a session', async () => {
    const email = 'quiet@example.com';
    expect((await signUp(app, email)).statusCode).toBe(200);
    await app.jobs.runDue();
    const confirmToken = mailer.linkTo(email, '/auth/callback').searchParams.get('token')!;
    expect((await confirmEmail(app, mailer, email)).statusCode).toBeLessThan(400);

    expect((await post(app, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    // Emails leave through the job queue, whose rows and logs must not give the token away either.
    await app.jobs.runDue();
    const resetToken = mailer.linkTo(email, '/reset-password').searchParams.get('token')!;
    // better-auth's own link form carries the token in the path.
    await app.inject({ method: 'GET', url: `/api/auth/reset-password/${resetToken}?callbackURL=%2Freset-password` });
    expect((await post(app, '/api/auth/reset-password', { token: resetToken, newPassword: 'a brand new wheelbarrow 7' })).statusCode).toBe(
      200,
    );

    const signedIn = await signIn(app, email, 'a brand new wheelbarrow 7');
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.cookies.find((c) => c.name.endsWith('session_token'))!.value;
    await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookieHeader(signedIn), authorization: 'Bearer should-not-appear' },
    });

    const log = written.join('');
    expect(confirmToken.length).toBeGreaterThan(10);
    expect(resetToken.length).toBeGreaterThan(10);
    for (const secret of [confirmToken, resetToken, session, 'should-not-appear', 'token=', 'a brand new wheelbarrow 7']) {
      expect(log).not.toContain(secret);
    }
    // What is logged is still enough to follow what happened.
    expect(requestLines('GET', '/api/auth/verify-email')).toHaveLength(1);
    expect(requestLines('GET', '/api/auth/reset-password/:token')).toHaveLength(1);
  });

  it('write one line per request at info, and health checks at debug', async () => {
    written.length = 0;
    await app.inject({ method: 'GET', url: '/api/categories?x=1' });
    await app.inject({ method: 'GET', url: '/api/health' });
    const browse = requestLines('GET', '/api/categories');
    expect(browse).toHaveLength(1);
    expect(browse[0]).toMatchObject({ level: 30, msg: expect.stringMatching(/^GET \/api\/categories 200 [\d.]+ ms$/) });
    expect(requestLines('GET', '/api/health')).toEqual([expect.objectContaining({ level: 20 })]);
  });
});
