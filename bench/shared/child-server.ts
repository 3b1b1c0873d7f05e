import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';

export interface ChildServer {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const running = new Set<ChildServer>();

/** A port nobody is listening on right now, on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts an entry point in its own Node process on loopback, and resolves once `healthPath` answers
 * 200: a TypeScript file with the tsx loader (as `tsx file` would), a compiled `.js` one as it is.
 * Output is prefixed with the name.
 */
export async function startServer(options: {
  name: string;
  entry: string;
  /** Options for Node itself, before the entry (a compiled entry's heap settings). */
  nodeArgs?: string[];
  env: Record<string, string>;
  healthPath: string;
  timeoutMs: number;
}): Promise<ChildServer> {
  const port = await freePort();
  // What the API requires when NODE_ENV=production; a benchmark's own env still wins.
  const production = { APP_URL: `http://127.0.0.1:${port}`, AUTH_SECRET: randomBytes(32).toString('base64url'), MAIL_OUTBOX: 'true' };
  const loader = /\.m?js$/.test(options.entry) ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, options.entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...production, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .trimEnd()
      .split('\n')
      .map((l) => `  [${options.name}] ${l}`)
      .join('\n');
  child.stdout?.on('data', (c: Buffer) => console.log(prefix(c)));
  child.stderr?.on('data', (c: Buffer) => console.error(prefix(c)));

  const server: ChildServer = {
    name: options.name,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      running.delete(server);
      await stopChild(child);
    },
  };
  running.add(server);

  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${server.baseUrl}${options.healthPath}`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop();
  throw new Error(`${options.name} did not answer ${options.healthPath} within ${options.timeoutMs / 1000} s`);
}

export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.stop()));
}

/**
 * Runs a benchmark's main function and makes sure the servers it started are stopped whatever
 * happens: normal end, an error, or Ctrl-C.
 */
export function runMain(main: () => Promise<void>): void {
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal} received, stopping servers`);
    void stopAllServers().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Last resort if the process ends abruptly: never leave a server behind.
  process.once('exit', () => {
    for (const s of running) s.child.kill('SIGKILL');
  });
  main()
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(async () => {
      await stopAllServers();
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    });
}

/**
 * The compiled server as `npm start` runs it in the checkout at `root` (this one by default):
 * `apps/api/dist/main.js` with the Node options its start script gives it (its heap settings),
 * built first when its sources changed since its last build.
 */
export function compiledServer(root = REPO_ROOT): { entry: string; nodeArgs: string[] } {
  const relative = 'apps/api/dist/main.js';
  const start =
    (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const command = start
    .split('&&')
    .map((part) => part.trim().split(/\s+/))
    .find((words) => words[0] === 'node' && words.at(-1) === relative);
  if (!command) throw new Error(`The start script of ${root} does not run ${relative} with node: ${start}`);
  const built = spawnSync(process.execPath, ['scripts/build.mjs', 'server', '--if-changed'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`Building the server in ${root} failed`);
  return { entry: path.join(root, relative), nodeArgs: command.slice(1, -1) };
}
