import type { MixQuery } from './generated-mix.ts';
import { runLoad } from './load.ts';
import { serialRun, type SerialResult } from './serial-run.ts';
import type { LoadSummary } from './stats.ts';

export interface MixSlices {
  warmUp: MixQuery[];
  serial: MixQuery[];
  /** Sent at full concurrency just before the load, so every pooled connection is as warm as under steady traffic. */
  loadWarmUp: MixQuery[];
  load: MixQuery[];
}

export interface MixPhaseResult {
  serial: SerialResult;
  load: LoadSummary;
}

/** Sends each query once at `connections` connections (autocannon, a fixed number of requests). */
export function sendEachOnce(baseUrl: string, queries: MixQuery[], connections: number): Promise<LoadSummary> {
  return runLoad({ baseUrl, paths: queries.map((q) => q.path), connections, durationSeconds: 0, once: true, timeoutSeconds: 30 });
}

/**
 * One server against its own slices of the mix: a warm-up, every serial query once at one
 * connection (per-kind percentiles), a second warm-up at `connections` connections (a server
 * under steady traffic has every pooled connection's statements prepared), then every load query
 * once at `connections` connections.
 */
export async function runMixPhase(label: string, baseUrl: string, slices: MixSlices, connections: number): Promise<MixPhaseResult> {
  console.log(`\n[${label}] warm-up: ${slices.warmUp.length} queries, one at a time...`);
  await serialRun(baseUrl, slices.warmUp);
  console.log(`[${label}] ${slices.serial.length} distinct queries at 1 connection...`);
  const serial = await serialRun(baseUrl, slices.serial);
  console.log(`  p50 ${serial.overall.p50} ms, p95 ${serial.overall.p95} ms, non-2xx ${serial.non2xx}`);
  console.log(`[${label}] warm-up: ${slices.loadWarmUp.length} queries at ${connections} connections...`);
  await sendEachOnce(baseUrl, slices.loadWarmUp, connections);
  console.log(`[${label}] ${slices.load.length} distinct queries at ${connections} connections...`);
  const load = await sendEachOnce(baseUrl, slices.load, connections);
  console.log(
    `  ${load.requestsPerSecond} req/s, p50 ${load.latencyMs.p50} ms, p95 ${load.latencyMs.p95} ms, non-2xx ${load.non2xx}, errors ${load.errors}`,
  );
  return { serial, load };
}
