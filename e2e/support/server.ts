import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { assertWebBuilt, repoRoot, webDistDir } from './paths.ts';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export interface ApiServerOptions {
  /**
   * Extra environment for the API, given the base URL once the port is known (links in emails must
   * point at the address the browser uses). Overrides the defaults below, NODE_ENV included.
   */
  env?: (baseUrl: string) => Record<string, string>;
}

/** The first start on an empty data folder migrates and seeds the catalogue with its images. */
const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_TAIL_CHARS = 4_000;

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

let serverBuilt = false;
function ensureServerBuilt(): void {
  if (serverBuilt) return;
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'server', '--if-changed'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('Building the server (node scripts/build.mjs server) failed');
  serverBuilt = true;
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the real API (which also serves the built web app) on a free port with a brand-new
 * embedded database, so every run sees exactly the seeded sample catalogue and nothing else.
 */
export async function startApiServer(options: ApiServerOptions = {}): Promise<RunningServer> {
  assertWebBuilt();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'toolshed-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // What production requires, and the sample catalogue the journeys browse (production seeds only when asked).
    APP_URL: baseUrl,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    MAIL_OUTBOX: 'true',
    SEED_SAMPLE_DATA: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDistDir,
    ...options.env?.(baseUrl),
  };
  // A developer's PostgreSQL setting must not leak in: the journeys need a fresh, seeded database.
  delete env.DATABASE_URL;

  // The compiled server, as `npm start` runs it; rebuilt first when the API's sources changed.
  ensureServerBuilt();
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // If the test process ends without its after hook (a crash, Ctrl-C), take the API down with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (!(await waitForExit(child, 0))) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (!(await isHealthy(baseUrl))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The API exited during start-up (code ${child.exitCode ?? child.signalCode}). Its output:\n${log}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The API did not answer ${baseUrl}/api/health within ${STARTUP_TIMEOUT_MS / 1000} s. Its output:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, stop };
}
