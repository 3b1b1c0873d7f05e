import { Worker } from 'node:worker_threads';
import type { SerialJob } from './serial-client.ts';
import { percentile } from './stats.ts';

export interface KindFigures {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export interface SerialResult {
  requests: number;
  non2xx: number;
  overall: KindFigures;
  perKind: Record<string, KindFigures>;
  /** Every 2xx latency in order, for merging runs. */
  samples: number[];
}

const round = (n: number) => Math.round(n * 100) / 100;

export function figures(latencies: number[]): KindFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { n: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? 0) };
}

/**
 * Sends the requests one at a time over one kept-alive connection and times each to its body's last
 * byte (every 50th body is then decompressed, off the clock, to check it decodes: serial-client.ts),
 * grouped by kind. One connection and nothing else in flight: the time one visitor
 * waits. The client is node:http asking for brotli or gzip, as a browser does; Node's fetch cost
 * about 0.7 ms more per request on its own side (its streams and decoder), which measured the
 * client rather than the server (docs/PERFORMANCE.md). The loop runs in a worker thread with a heap of
 * its own: in the bench's main thread, holding the whole generated mix, each collection set off by
 * zlib's native memory (about every 700 answers) took 25 ms of marking spread over the next 3 to 5
 * answers.
 */
export async function serialRun(baseUrl: string, requests: Array<{ path: string; kind: string }>): Promise<SerialResult> {
  const times = await timeInWorker({ baseUrl, paths: requests.map((r) => r.path) });
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let non2xx = 0;
  requests.forEach((r, i) => {
    const ms = times[i]!;
    if (Number.isNaN(ms)) {
      non2xx += 1;
      return;
    }
    all.push(ms);
    const list = byKind.get(r.kind) ?? [];
    list.push(ms);
    byKind.set(r.kind, list);
  });
  const perKind = Object.fromEntries([...byKind.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, figures(v)]));
  return { requests: requests.length, non2xx, overall: figures(all), perKind, samples: all };
}

/** Runs the timing loop (serial-client.ts) in a worker thread and resolves with its times. */
function timeInWorker(job: SerialJob): Promise<Float64Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./serial-client.ts', import.meta.url), { workerData: job });
    worker.once('message', (m: { times?: Float64Array; error?: string }) => {
      void worker.terminate();
      if (m.times) resolve(m.times);
      else reject(new Error(m.error ?? 'The timing worker sent nothing'));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The timing worker stopped (code ${code}) before it answered`)));
  });
}

/** Per-kind table: p50 / p95 for each run side by side (e.g. cache off and on). */
export function printPerKind(runs: Array<{ label: string; result: SerialResult }>): void {
  const kinds = [...new Set(runs.flatMap((r) => Object.keys(r.result.perKind)))].sort();
  const header = runs.map((r) => `${r.label} p50 / p95 (ms)`.padStart(28)).join('');
  console.log(`\n${'kind'.padEnd(38)}${'n'.padStart(6)}${header}`);
  for (const kind of kinds) {
    const n = runs[0]?.result.perKind[kind]?.n ?? 0;
    const cells = runs.map((r) => {
      const f = r.result.perKind[kind];
      return (f ? `${f.p50} / ${f.p95}` : '-').padStart(28);
    });
    console.log(`${kind.padEnd(38)}${String(n).padStart(6)}${cells.join('')}`);
  }
  const overall = runs.map((r) => `${r.result.overall.p50} / ${r.result.overall.p95}`.padStart(28)).join('');
  console.log(`${'all kinds'.padEnd(38)}${String(runs[0]?.result.overall.n ?? 0).padStart(6)}${overall}`);
}
