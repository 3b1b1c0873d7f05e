import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './data-dir-lock.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

// The embedded database: never a PostgreSQL server, even when the suite runs with DATABASE_URL.
const embedded = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined });

describe('one process per embedded data folder', () => {
  let dataDir: string;
  const started: ServerProcess[] = [];
  const start = async (env: Record<string, string | undefined>) => {
    const server = await startServerProcess(env);
    started.push(server);
    return server;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-lock-'));
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process on the same folder, naming the folder and the running process', async () => {
    const first = await start(embedded(dataDir));
    await first.ready();

    const second = await start(embedded(dataDir));
    expect(await second.exited()).toBe(1);
    expect(second.output()).toContain(`Another Toolshed process (pid ${first.child.pid} `);
    expect(second.output()).toContain(`is already using the data folder ${dataDir}`);
    // The first one is untouched and still serving.
    expect((await fetch(`http://127.0.0.1:${first.port}/api/ready`)).status).toBe(200);
  }, 180_000);

  it('takes over the lock left by a process that was killed', async () => {
    const crashed = await start(embedded(dataDir));
    await crashed.ready();
    crashed.child.kill('SIGKILL');
    await crashed.exited();
    expect(JSON.parse(await readFile(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: crashed.child.pid });

    const next = await start(embedded(dataDir));
    await next.ready();
    expect(JSON.parse(await readFile(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: next.child.pid });

    await next.stop();
    expect(next.child.exitCode).toBe(0);
    // A clean shutdown leaves no lock behind.
    await expect(readFile(path.join(dataDir, LOCK_FILE), 'utf8')).rejects.toThrow(/ENOENT/);
  }, 180_000);
});
