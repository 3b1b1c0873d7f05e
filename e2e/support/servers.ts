import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, webDistDir } from './paths.ts';

/**
 * The servers the journeys run against. The Playwright runner starts no per-file server of its own
 * (its `webServer` is one server for the whole run), so the fixtures start these: the compiled API
 * with a brand-new embedded database, or a plain static host with no API at all.
 */
export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The first start on an empty data folder migrates and seeds the catalogue with its images: well
 * under a minute alone, but every worker starts its server at once on a busy two-core machine.
 */
const STARTUP_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_TAIL_CHARS = 4_000;

/** A port nobody is using, so two workers and a developer's own server never clash. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the compiled API (`apps/api/dist/main.js`, as `npm start` runs it; it also serves the built
 * web app) on a free port with a fresh embedded database seeded with the sample catalogue. `env`
 * overrides the production defaults below, NODE_ENV included.
 */
export async function startApiServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'toolshed-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // What production requires, and the sample catalogue the journeys browse (production seeds only when asked).
    // APP_URL is the browser's address, so emailed links open on the same origin.
    APP_URL: baseUrl,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    MAIL_OUTBOX: 'true',
    SEED_SAMPLE_DATA: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDistDir,
    ...env,
  };
  // A developer's PostgreSQL setting must not leak in: the journeys need a fresh, seeded database.
  delete childEnv.DATABASE_URL;

  const child = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // If the worker ends without its teardown (a crash, Ctrl-C), take the API down with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (!(await exited(child, 0))) {
      child.kill('SIGTERM');
      if (!(await exited(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await exited(child, STOP_TIMEOUT_MS);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (!(await isHealthy(baseUrl))) {
    const failure =
      child.exitCode !== null || child.signalCode !== null
        ? `The API exited during start-up (code ${child.exitCode ?? child.signalCode}).`
        : Date.now() > deadline
          ? `The API did not answer ${baseUrl}/api/health within ${STARTUP_TIMEOUT_MS / 1000} s.`
          : null;
    if (failure) {
      await stop();
      throw new Error(`${failure} Its output:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, stop };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

async function fileAt(urlPath: string): Promise<string | null> {
  const resolved = path.resolve(webDistDir, `.${decodeURIComponent(urlPath)}`);
  // Never serve anything outside the build folder.
  if (resolved !== webDistDir && !resolved.startsWith(webDistDir + path.sep)) return null;
  try {
    return (await stat(resolved)).isFile() ? resolved : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, filePath: string): void {
  res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream' });
  createReadStream(filePath).pipe(res);
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
  // Like a plain static host: there is no API here, so the app must fall back to its sample data.
  if (urlPath === '/api' || urlPath.startsWith('/api/')) return notFound(res);
  const file = await fileAt(urlPath);
  if (file) return send(res, file);
  if (path.extname(urlPath)) return notFound(res);
  // Client-side routes such as /category/all get the app shell.
  send(res, path.join(webDistDir, 'index.html'));
}

/** Serves the built web app with no API behind it, as a static host would. */
export async function startStaticServer(): Promise<RunningServer> {
  const server = createHttpServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
