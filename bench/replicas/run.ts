/**
 * npm run bench:replicas — the generated browse mix at 50 connections against one API process
 * reading only the primary, then one reading from the primary and a streaming replica
 * (DATABASE_REPLICA_URLS), the browse cache off in both. The replica is the one scripts/replica.sh
 * makes on this machine, made here when none answers (and removed again afterwards): both clusters
 * then share this machine's cores and memory, so the figure says what routing costs and whether
 * requests still succeed, not what a replica on its own machine would add (docs/PERFORMANCE.md).
 * Env: BENCH_DATABASE_URL and BENCH_SCALE as for bench:browse, BENCH_REPLICA_URL (default the same
 * database on 127.0.0.1:5433), BENCH_MIX_LOAD (queries per phase, default 8000).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { todayInLondon } from '@toolshed/core';
import { compiledServer, runMain, startServer, stopAllServers, type ChildServer } from '../shared/child-server.ts';
import { wholeFromEnv } from '../shared/env.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { REPO_ROOT, writeResult } from '../shared/paths.ts';
import { DEFAULT_BENCH_DATABASE_URL, prepareBenchDatabase } from '../browse/bench-database.ts';
import { BENCH_SCALE } from '../browse/seed-sql.ts';
import { mixSets, type MixQuery } from '../browse/generated-mix.ts';
import { sendEachOnce } from '../browse/mix-phase.ts';
import { settleBackgroundWork } from '../browse/postgres-state.ts';
import type { LoadSummary } from '../browse/stats.ts';

const CONNECTIONS = 50;
const run = promisify(execFile);
const script = path.join(REPO_ROOT, 'scripts/replica.sh');

async function isStandby(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
    return rows[0]?.standby === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The routed reads a process has served from replicas and read again from the primary, from its /metrics. */
async function replicaReads(server: ChildServer): Promise<{ replica: number; fallback: number }> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const figure = (outcome: string) => Number(new RegExp(`toolshed_db_replica_reads\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { replica: figure('replica'), fallback: figure('fallback') };
}

async function inRotation(server: ChildServer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ready = (await (await fetch(`${server.baseUrl}/api/ready`)).json()) as { replicas?: { inRotation: boolean }[] };
    if (ready.replicas?.every((r) => r.inRotation)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the replica did not come into rotation');
}

async function phase(label: string, server: ChildServer, warm: MixQuery[], load: MixQuery[]): Promise<LoadSummary> {
  console.log(`\n[${label}] warm-up: ${warm.length} queries at ${CONNECTIONS} connections...`);
  await sendEachOnce(server.baseUrl, warm, CONNECTIONS);
  console.log(`[${label}] ${load.length} distinct queries at ${CONNECTIONS} connections...`);
  const summary = await sendEachOnce(server.baseUrl, load, CONNECTIONS);
  console.log(
    `  ${summary.requestsPerSecond} req/s, p50 ${summary.latencyMs.p50} ms, p95 ${summary.latencyMs.p95} ms, non-2xx ${summary.non2xx}, errors ${summary.errors}`,
  );
  return summary;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const replicaUrl = process.env.BENCH_REPLICA_URL ?? databaseUrl.replace(/:5432\//, ':5433/');
  const loadBefore = loadAverage();
  await prepareBenchDatabase(databaseUrl);
  let made = false;
  if (!(await isStandby(replicaUrl))) {
    console.log('No replica answers: making one with scripts/replica.sh up (a base backup of the whole cluster)...');
    const started = performance.now();
    await run('bash', [script, 'up'], { maxBuffer: 1 << 24 });
    made = true;
    console.log(`  made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const apiBuild = compiledServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-bench-replicas-'));
  await mkdir(path.join(dataDir, 'media'));
  try {
    const common = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', BROWSE_CACHE_MS: '0' };
    const primaryOnly = await startServer({
      name: 'primary',
      entry: apiBuild.entry,
      nodeArgs: apiBuild.nodeArgs,
      env: common,
      healthPath: '/api/health',
      timeoutMs: 240_000,
    });
    const withReplica = await startServer({
      name: 'replica',
      entry: apiBuild.entry,
      nodeArgs: apiBuild.nodeArgs,
      env: { ...common, DATABASE_REPLICA_URLS: replicaUrl },
      healthPath: '/api/health',
      timeoutMs: 240_000,
    });
    await inRotation(withReplica, 30_000);
    const loadCount = wholeFromEnv('BENCH_MIX_LOAD', 8000, 100, 100_000);
    // Distinct queries for each phase (none sent twice in the run), cut from the bench:browse mix.
    const sets = mixSets(todayInLondon(), 5, loadCount, 0);
    await settleBackgroundWork(databaseUrl);
    const alone = await phase('primary alone', primaryOnly, sets.loadWarmOff, sets.loadOff);
    const before = await replicaReads(withReplica);
    const replicated = await phase('primary + replica', withReplica, sets.loadWarmOn, sets.loadOn);
    const after = await replicaReads(withReplica);
    const served = { replica: after.replica - before.replica, fallback: after.fallback - before.fallback };
    console.log(`  reads served by the replica during the load: ${served.replica}; read again from the primary: ${served.fallback}`);
    const result = {
      machine: machineInfo(),
      scale: BENCH_SCALE,
      connections: CONNECTIONS,
      queriesPerPhase: loadCount,
      loadAverageBefore: loadBefore,
      primaryAlone: alone,
      primaryPlusReplica: { ...replicated, routedReads: served },
    };
    console.log(
      `\nWrote ${await writeResult(`replicas${BENCH_SCALE === 1 ? '' : `-x${BENCH_SCALE}`}.json`, JSON.stringify(result, null, 2))}`,
    );
  } finally {
    await stopAllServers();
    await rm(dataDir, { recursive: true, force: true });
    if (made) await run('bash', [script, 'down']).catch((err) => console.error(`scripts/replica.sh down failed: ${String(err)}`));
  }
}

runMain(main);
