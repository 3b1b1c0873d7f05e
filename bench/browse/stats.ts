/** Figures of one load run against one server. */
export interface LoadSummary {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  meanBytesPerResponse: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Nearest-rank percentile of already sorted values; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface RawRun {
  /** Latency of every 2xx response, in milliseconds. */
  latencies: number[];
  /** Bytes received for those responses, headers included. */
  bytes: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
}

export function summarise(run: RawRun): LoadSummary {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const ok = sorted.length;
  return {
    requests: ok + run.non2xx,
    durationSeconds: round(run.durationSeconds),
    requestsPerSecond: round(run.durationSeconds > 0 ? ok / run.durationSeconds : 0),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? 0),
    },
    meanBytesPerResponse: ok > 0 ? Math.round(run.bytes / ok) : 0,
    non2xx: run.non2xx,
    errors: run.errors,
    timeouts: run.timeouts,
  };
}

export const TARGETS = { p95Ms: 25, throughputRatio: 50 } as const;

export interface TargetVerdict {
  p95Ms: { target: string; actual: number; met: boolean };
  throughputRatio: { target: string; actual: number; met: boolean };
}

/** Judges our API against the targets; a run with failed responses never meets them. */
export function judge(api: LoadSummary, baseline: LoadSummary): TargetVerdict {
  const ratio = baseline.requestsPerSecond > 0 ? api.requestsPerSecond / baseline.requestsPerSecond : Infinity;
  const clean = api.non2xx === 0 && api.errors === 0;
  return {
    p95Ms: { target: `< ${TARGETS.p95Ms} ms`, actual: api.latencyMs.p95, met: clean && api.latencyMs.p95 < TARGETS.p95Ms },
    throughputRatio: {
      target: `>= ${TARGETS.throughputRatio}x baseline`,
      actual: round(ratio, 1),
      met: clean && ratio >= TARGETS.throughputRatio,
    },
  };
}
