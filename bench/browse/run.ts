/**
 * npm run bench:browse — the browse endpoint under load, against the prototype's approach.
 * Env: BENCH_DATABASE_URL (a PostgreSQL database it may drop and rebuild), BENCH_API_SECONDS,
 * BENCH_BASELINE_SECONDS.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { todayInLondon } from '@toolshed/core';
import { runMain, startServer, stopAllServers } from '../shared/child-server.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { processCpuSeconds } from '../shared/process-cpu.ts';
import { writeResult } from '../shared/paths.ts';
import { DEFAULT_BENCH_DATABASE_URL, EXPECTED_COUNTS, prepareBenchDatabase } from './bench-database.ts';
import { explainTypicalQueries, printExplainSummary } from './explain.ts';
import { runLoad } from './load.ts';
import { BROWSE_VARIANTS, variantPath } from './query-set.ts';
import { printComparison } from './report.ts';
import { judge, type LoadSummary } from './stats.ts';
import { verifySameAnswers } from './verify.ts';

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;

function seconds(name: string, fallback: number, max: number): number {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 1 || v > max) throw new Error(`${name} must be between 1 and ${max} seconds`);
  return Math.round(v);
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? 'unknown';
  } finally {
    await client.end();
  }
}

/** Adds the Node server's own CPU time per answered request (the database's is not included). */
async function withServerCpu(pid: number | undefined, run: () => Promise<LoadSummary>): Promise<LoadSummary & { serverCpuMsPerRequest: number | null }> {
  const before = await processCpuSeconds(pid);
  const summary = await run();
  const after = await processCpuSeconds(pid);
  const answered = summary.requests - summary.non2xx;
  const perRequest = before !== null && after !== null && answered > 0 ? Math.round(((after - before) * 1000 * 100) / answered) / 100 : null;
  return { ...summary, serverCpuMsPerRequest: perRequest };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const loadBefore = loadAverage();
  await prepareBenchDatabase(databaseUrl);

  const explain = await explainTypicalQueries(databaseUrl);
  console.log(`Wrote ${await writeResult('browse-explain.txt', explain.text)}`);
  printExplainSummary(explain.summary);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-bench-'));
  await mkdir(path.join(dataDir, 'media'));
  try {
    const api = await startServer({
      name: 'api',
      entry: 'apps/api/src/main.ts',
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      healthPath: '/api/health',
      timeoutMs: 60_000,
    });
    const baseline = await startServer({
      name: 'baseline',
      entry: 'bench/browse/baseline-server.ts',
      env: { DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
      healthPath: '/api/health',
      timeoutMs: 60_000,
    });

    const today = todayInLondon();
    const paths = BROWSE_VARIANTS.map((v) => variantPath(v, today));
    console.log(`\nChecking both servers answer the same ${paths.length} queries (also warms both up)...`);
    const verification = await verifySameAnswers(api.baseUrl, baseline.baseUrl, paths);
    console.log(`  ${verification.matching}/${verification.queries} identical; one request alone: api ${verification.apiMeanMs} ms, baseline ${verification.baselineMeanMs} ms`);
    for (const m of verification.mismatches) console.log(`  MISMATCH ${m}`);

    const apiSeconds = seconds('BENCH_API_SECONDS', 15, 300);
    // The baseline serves about one request per baseline-mean; run it long enough for a few dozen.
    const baselineSeconds = seconds('BENCH_BASELINE_SECONDS', Math.min(60, Math.max(15, Math.ceil((verification.baselineMeanMs * 30) / 1000))), 300);

    console.log(`\nWarming the api up for ${WARM_UP_SECONDS} s, then ${apiSeconds} s at ${CONNECTIONS} connections...`);
    await runLoad({ baseUrl: api.baseUrl, paths, connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS, timeoutSeconds: 10 });
    const apiLoad = await withServerCpu(api.child.pid, () =>
      runLoad({ baseUrl: api.baseUrl, paths, connections: CONNECTIONS, durationSeconds: apiSeconds, timeoutSeconds: 10 }),
    );
    console.log(`Baseline: ${baselineSeconds} s at ${CONNECTIONS} connections...`);
    const baselineLoad = await withServerCpu(baseline.child.pid, () =>
      runLoad({ baseUrl: baseline.baseUrl, paths, connections: CONNECTIONS, durationSeconds: baselineSeconds, timeoutSeconds: baselineSeconds + 10 }),
    );

    const verdict = judge(apiLoad, baselineLoad);
    printComparison(apiLoad, baselineLoad, verdict);

    const result = {
      date: new Date().toISOString(),
      machine: { ...machineInfo({ postgres: await postgresVersion(databaseUrl) }), loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() },
      dataset: EXPECTED_COUNTS,
      load: { connections: CONNECTIONS, apiSeconds, baselineSeconds, warmUpSeconds: WARM_UP_SECONDS, queries: paths },
      verification,
      api: apiLoad,
      baseline: baselineLoad,
      throughputRatio: verdict.throughputRatio.actual,
      targets: verdict,
      explain: explain.summary.map((s) => ({ title: s.title, executionMs: s.queries.map((q) => q.executionMs), bestMs: s.queries.map((q) => q.bestMs), missingIndexes: s.missingIndexes })),
    };
    console.log(`\nWrote ${await writeResult('browse.json', JSON.stringify(result, null, 2))}`);
  } finally {
    await stopAllServers();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
