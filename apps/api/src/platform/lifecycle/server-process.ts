import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** For tests: the real server (apps/api/src/main.ts) in its own process. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  /** Resolves once /api/ready answers 200; rejects if the process exits first. */
  ready(timeoutMs?: number): Promise<void>;
  exited(timeoutMs?: number): Promise<number | null>;
  stop(): Promise<void>;
}

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = await freePort();
  // NODE_ENV=test: JSON log lines (read by the tests) and no background jobs.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    SEED_SAMPLE_DATA: 'false',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const done = () => child.exitCode !== null || child.signalCode !== null;

  return {
    child,
    port,
    output: () => log,
    async ready(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (done()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log}`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(2_000) });
          if (res.status === 200) return;
        } catch {
          /* not listening yet */
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${log}`);
    },
    async exited(timeoutMs = 60_000) {
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs).unref());
      const result = await Promise.race([exit, timer]);
      if (result === 'timeout') throw new Error(`the server did not exit within ${timeoutMs} ms:\n${log}`);
      return result;
    },
    async stop() {
      if (done()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
