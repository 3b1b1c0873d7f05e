import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

/** What a browser asks for: the server answers browse pages with brotli. */
const ACCEPT_ENCODING = 'br, gzip';

/** One GET on the kept-alive `agent`; resolves with the status once the whole body is read and decompressed. */
function getDecoded(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': ACCEPT_ENCODING }, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          if (encoding === 'br') brotliDecompressSync(body);
          else if (encoding === 'gzip') gunzipSync(body);
          resolve(res.statusCode ?? 0);
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`No answer within 30 s: ${url}`)));
    req.on('error', reject);
  });
}

/**
 * Sends the requests one at a time over one kept-alive connection and times each, body read and
 * decompressed, grouped by kind. One connection and nothing else in flight: the time one visitor
 * waits. The client is node:http asking for brotli or gzip, as a browser does; Node's fetch cost
 * about 0.7 ms more per request on its own side (its streams and decoder), which measured the
 * client rather than the server (docs/PERFORMANCE.md).
 */
export async function serialRun(baseUrl: string, requests: Array<{ path: string; kind: string }>): Promise<SerialResult> {
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let non2xx = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const r of requests) {
      const started = performance.now();
      const status = await getDecoded(agent, `${baseUrl}${r.path}`);
      const ms = performance.now() - started;
      if (status < 200 || status >= 300) {
        non2xx += 1;
        continue;
      }
      all.push(ms);
      const list = byKind.get(r.kind) ?? [];
      list.push(ms);
      byKind.set(r.kind, list);
    }
  } finally {
    agent.destroy();
  }
  const perKind = Object.fromEntries([...byKind.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, figures(v)]));
  return { requests: requests.length, non2xx, overall: figures(all), perKind, samples: all };
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
