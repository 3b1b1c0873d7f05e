import { spawn } from 'node:child_process';
import { processCpuSeconds } from '../shared/process-cpu.ts';
import { freePort } from '../shared/child-server.ts';
import { REPO_ROOT } from '../shared/paths.ts';

export interface StartMeasure {
  /** Spawn to the first 200 from /api/health: the server answers. */
  answerMs: number;
  /** Spawn to the first 200 from /api/ready: a database round trip works. */
  readyMs: number;
  /** CPU seconds the process used until it was ready; steadier than wall time on a shared machine. */
  cpuSeconds: number | null;
  /** SIGTERM to exit. */
  stopMs: number;
  exitCode: number | null;
}

async function poll(url: string, deadline: number, exited: () => boolean): Promise<number> {
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the server exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) return performance.now();
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} did not answer in time`);
}

/** Starts `node <args>` as the server on DATA_DIR, measures until it is ready, then stops it with SIGTERM. */
export async function measureStart(args: string[], env: Record<string, string>, timeoutMs = 180_000): Promise<StartMeasure> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  try {
    const deadline = Date.now() + timeoutMs;
    const answered = await poll(`${base}/api/health`, deadline, exited);
    const ready = await poll(`${base}/api/ready`, deadline, exited);
    const cpuSeconds = await processCpuSeconds(child.pid);
    const stopping = performance.now();
    child.kill('SIGTERM');
    const exitCode = await exit;
    return {
      answerMs: Math.round(answered - started),
      readyMs: Math.round(ready - started),
      cpuSeconds,
      stopMs: Math.round(performance.now() - stopping),
      exitCode,
    };
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${output}`);
  }
}
