import type { LoadSummary, TargetVerdict } from './stats.ts';

const cell = (v: string | number, width: number) => String(v).padStart(width);

/** Prints the two servers side by side and the verdict on each target. */
type Measured = LoadSummary & { serverCpuMsPerRequest: number | null };

export function printComparison(api: Measured, baseline: Measured, verdict: TargetVerdict): void {
  const rows: Array<[string, (s: Measured) => string | number]> = [
    ['p50 latency (ms)', (s) => s.latencyMs.p50],
    ['p95 latency (ms)', (s) => s.latencyMs.p95],
    ['p99 latency (ms)', (s) => s.latencyMs.p99],
    ['requests/second', (s) => s.requestsPerSecond],
    ['2xx responses', (s) => s.requests - s.non2xx],
    ['non-2xx responses', (s) => s.non2xx],
    ['errors (incl. timeouts)', (s) => s.errors],
    ['mean bytes/response', (s) => s.meanBytesPerResponse],
    ['run length (s)', (s) => s.durationSeconds],
    ['server CPU ms/request', (s) => s.serverCpuMsPerRequest ?? 'n/a'],
  ];
  console.log(`\n${''.padEnd(26)}${cell('api', 14)}${cell('baseline', 14)}`);
  for (const [label, get] of rows) console.log(`${label.padEnd(26)}${cell(get(api), 14)}${cell(get(baseline), 14)}`);
  const mark = (met: boolean) => (met ? 'MET' : 'MISSED');
  console.log(`\nTarget p95 ${verdict.p95Ms.target}: ${verdict.p95Ms.actual} ms -> ${mark(verdict.p95Ms.met)}`);
  console.log(
    `Target throughput ${verdict.throughputRatio.target}: ${verdict.throughputRatio.actual}x -> ${mark(verdict.throughputRatio.met)}`,
  );
}
