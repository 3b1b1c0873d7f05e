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
 * Sends the requests one at a time over one kept-alive connection and times each, body included,
 * grouped by kind. One connection and nothing else in flight: the time one visitor waits.
 */
export async function serialRun(baseUrl: string, requests: Array<{ path: string; kind: string }>): Promise<SerialResult> {
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let non2xx = 0;
  for (const r of requests) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${r.path}`, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status < 200 || res.status >= 300) {
      non2xx += 1;
      continue;
    }
    all.push(ms);
    const list = byKind.get(r.kind) ?? [];
    list.push(ms);
    byKind.set(r.kind, list);
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
