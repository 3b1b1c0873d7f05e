/**
 * npm run browse:compare -w bench -- <other checkout>: this checkout's API against another checkout's
 * (for example `git worktree add ../before <commit>`), on the same bench database, in the same
 * minutes. The two servers take turns: each round sends both a fresh slice of the generated mix at
 * one connection and then at 50, alternating which goes first. On a shared virtual machine whose
 * speed drifts by a fifth between runs, turns taken within minutes compare two versions where runs
 * an hour apart cannot. Reports req/s per round, the machine's CPU per answered request (all
 * processes, from /proc/stat: only the server under load is busy) and the single-connection
 * p50/p95; writes bench/results/browse-compare.json. Env: BENCH_DATABASE_URL, COMPARE_ROUNDS
 * (default 4), COMPARE_LOAD (queries per 50-connection turn, default 2000), COMPARE_SERIAL (default
 * 500). Each side is its checkout's compiled server as its `npm start` runs it (built first when
 * its sources changed). The other checkout needs its dependencies installed (or `node_modules`
 * links to these).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { todayInLondon } from '@toolshed/core';
import { compiledServer, runMain, startServer, stopAllServers, type ChildServer } from '../shared/child-server.ts';
import { wholeFromEnv } from '../shared/env.ts';
import { machineInfo } from '../shared/machine.ts';
import { machineBusySeconds } from '../shared/process-cpu.ts';
import { writeResult } from '../shared/paths.ts';
import { DEFAULT_BENCH_DATABASE_URL, prepareBenchDatabase } from './bench-database.ts';
import { generateMix, MIX_SEED } from './generated-mix.ts';
import { sendEachOnce } from './mix-phase.ts';
import { figures, serialRun } from './serial-run.ts';

const CONNECTIONS = 50;
/** As `npm run bench:browse`: one at a time, then at full concurrency, so every pooled connection is warm. */
const WARM_UP = 1_000;
/** A seed of its own, so the queries differ from those of `npm run bench:browse`. */
const COMPARE_SEED = MIX_SEED + 7;

interface Side {
  label: string;
  server: ChildServer;
  rps: number[];
  cpuMsPerRequest: number[];
  latencies: number[];
  failures: number;
}

const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1)) * 100) / 100;

async function main(): Promise<void> {
  const other = process.argv[2];
  if (!other) throw new Error('Usage: npm run browse:compare -w bench -- <path of another checkout>');
  const builds = { other: compiledServer(path.resolve(other)), this: compiledServer() };
  const rounds = wholeFromEnv('COMPARE_ROUNDS', 4, 1, 20);
  const loadCount = wholeFromEnv('COMPARE_LOAD', 2000, 100, 20_000);
  const serialCount = wholeFromEnv('COMPARE_SERIAL', 500, 50, 5_000);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  await prepareBenchDatabase(databaseUrl);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-compare-'));
  await mkdir(path.join(dataDir, 'media'));
  try {
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', BROWSE_CACHE_MS: '0' };
    // The other checkout starts first, so this one's migrations are the last applied to the database.
    const sides: Side[] = [];
    for (const label of ['other', 'this'] as const) {
      const server = await startServer({ name: label, ...builds[label], env, healthPath: '/api/health', timeoutMs: 240_000 });
      sides.push({ label, server, rps: [], cpuMsPerRequest: [], latencies: [], failures: 0 });
    }

    const mix = generateMix(sides.length * (2 * WARM_UP + rounds * (serialCount + loadCount)), COMPARE_SEED, todayInLondon());
    let at = 0;
    const take = (n: number) => mix.slice(at, (at += n));
    for (const side of sides) {
      await serialRun(side.server.baseUrl, take(WARM_UP));
      await sendEachOnce(side.server.baseUrl, take(WARM_UP), CONNECTIONS);
    }

    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const serial = await serialRun(side.server.baseUrl, take(serialCount));
        side.latencies.push(...serial.samples);
        side.failures += serial.non2xx;
        const before = await machineBusySeconds();
        const load = await sendEachOnce(side.server.baseUrl, take(loadCount), CONNECTIONS);
        const busy = (await machineBusySeconds()) - before;
        side.rps.push(load.requestsPerSecond);
        side.cpuMsPerRequest.push(Math.round(((busy * 1000) / Math.max(load.requests - load.non2xx, 1)) * 100) / 100);
        side.failures += load.non2xx + load.errors;
        console.log(
          `round ${round + 1} ${side.label.padEnd(5)} ${load.requestsPerSecond} req/s, machine ${side.cpuMsPerRequest.at(-1)} ms CPU per answer, single p50 ${serial.overall.p50} ms`,
        );
      }
    }

    const summary = sides.map((s) => ({
      label: s.label,
      entry: s.label === 'other' ? path.resolve(other) : 'this checkout',
      requestsPerSecond: s.rps,
      meanRequestsPerSecond: mean(s.rps),
      machineCpuMsPerRequest: s.cpuMsPerRequest,
      meanMachineCpuMsPerRequest: mean(s.cpuMsPerRequest),
      singleConnection: figures(s.latencies),
      failures: s.failures,
    }));
    console.log('');
    for (const s of summary) {
      console.log(
        `${s.label.padEnd(5)} mean ${s.meanRequestsPerSecond} req/s at ${CONNECTIONS} connections, ${s.meanMachineCpuMsPerRequest} ms machine CPU per answer; one connection p50 ${s.singleConnection.p50} / p95 ${s.singleConnection.p95} ms; failures ${s.failures}`,
      );
    }
    const result = {
      date: new Date().toISOString(),
      machine: machineInfo({}),
      seed: COMPARE_SEED,
      rounds,
      loadCount,
      serialCount,
      connections: CONNECTIONS,
      sides: summary,
    };
    console.log(`\nWrote ${await writeResult('browse-compare.json', JSON.stringify(result, null, 2))}`);
  } finally {
    await stopAllServers();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
