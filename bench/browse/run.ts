/**
 * npm run bench:browse — browsing under a realistic load (a generated mix of distinct queries, the
 * cache off and on), the fixed twelve queries against the prototype's approach, and the item popup
 * against the floor. Env: BENCH_DATABASE_URL (a PostgreSQL database it may drop and rebuild),
 * BENCH_API_SECONDS, BENCH_BASELINE_SECONDS, BENCH_MIX_PER_KIND (queries of each kind at 1
 * connection, default 100), BENCH_MIX_LOAD (queries at 50 connections, default 8000), BENCH_SCALE
 * (1 by default; 10 seeds 1M items and 10M rentals in toolshed_bench_x10 and runs no baseline).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { todayInLondon } from '@toolshed/core';
import { compiledServer, runMain, startServer, stopAllServers } from '../shared/child-server.ts';
import { wholeFromEnv } from '../shared/env.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { processCpuSeconds } from '../shared/process-cpu.ts';
import { writeResult } from '../shared/paths.ts';
import { DEFAULT_BENCH_DATABASE_URL, EXPECTED_COUNTS, prepareBenchDatabase } from './bench-database.ts';
import { BENCH_SCALE } from './seed-sql.ts';
import { explainTypicalQueries, printExplainSummary } from './explain.ts';
import { postgresSettings, prewarmBrowse, settleBackgroundWork } from './postgres-state.ts';
import { runLoad } from './load.ts';
import { BROWSE_VARIANTS, variantPath } from './query-set.ts';
import { printComparison } from './report.ts';
import { judge, type LoadSummary } from './stats.ts';
import { verifySameAnswers } from './verify.ts';
import { MIX_SEED, mixSets } from './generated-mix.ts';
import { measureItemDetail, sampleItemIds } from './item-detail.ts';
import { runMixPhase } from './mix-phase.ts';
import { printPerKind, serialRun, type SerialResult } from './serial-run.ts';
import { judgeMix, printMixVerdict } from './targets.ts';

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;

function seconds(name: string, fallback: number, max: number): number {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 1 || v > max) throw new Error(`${name} must be between 1 and ${max} seconds`);
  return Math.round(v);
}

/** Adds the Node server's own CPU time per answered request (the database's is not included). */
async function withServerCpu(
  pid: number | undefined,
  run: () => Promise<LoadSummary>,
): Promise<LoadSummary & { serverCpuMsPerRequest: number | null }> {
  const before = await processCpuSeconds(pid);
  const summary = await run();
  const after = await processCpuSeconds(pid);
  const answered = summary.requests - summary.non2xx;
  const perRequest =
    before !== null && after !== null && answered > 0 ? Math.round(((after - before) * 1000 * 100) / answered) / 100 : null;
  return { ...summary, serverCpuMsPerRequest: perRequest };
}

const withoutSamples = (r: SerialResult) => ({ ...r, samples: undefined });

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const loadBefore = loadAverage();
  await prepareBenchDatabase(databaseUrl);
  const postgres = await postgresSettings(databaseUrl);
  const browseMb = Math.round(postgres.browseRelationsBytes / 2 ** 20);
  console.log(
    `PostgreSQL ${postgres.version}, shared_buffers ${postgres.sharedBuffers}; the relations browsing reads take ${browseMb} MB with their indexes.`,
  );
  if (postgres.sharedBuffersBytes < postgres.browseRelationsBytes) {
    console.log(
      '  They do not fit in shared_buffers: every browse also copies pages from the OS cache (docs/PERFORMANCE.md, "PostgreSQL settings").',
    );
  }

  const prewarmed = await prewarmBrowse(databaseUrl, postgres);
  console.log(`  ${prewarmed}.`);

  const explain = await explainTypicalQueries(databaseUrl);
  console.log(`Wrote ${await writeResult('browse-explain.txt', explain.text)}`);
  printExplainSummary(explain.summary);

  // The API as `npm start` runs it: the compiled bundle with the start script's Node options.
  const apiBuild = compiledServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-bench-'));
  await mkdir(path.join(dataDir, 'media'));
  try {
    const api = await startServer({
      name: 'api',
      entry: apiBuild.entry,
      nodeArgs: apiBuild.nodeArgs,
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', BROWSE_CACHE_MS: '0' },
      healthPath: '/api/health',
      timeoutMs: 240_000,
    });
    const cachedApi = await startServer({
      name: 'api-cached',
      entry: apiBuild.entry,
      nodeArgs: apiBuild.nodeArgs,
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', BROWSE_CACHE_MS: '15000' },
      healthPath: '/api/health',
      timeoutMs: 240_000,
    });
    // The baseline loads every item and booking on every request: beyond the standard catalogue it
    // would only measure running out of memory, so a larger scale measures the API alone.
    const baseline =
      BENCH_SCALE === 1
        ? await startServer({
            name: 'baseline',
            entry: 'bench/browse/baseline-server.ts',
            env: { DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
            healthPath: '/api/health',
            timeoutMs: 240_000,
          })
        : null;
    if (!baseline)
      console.log(`Scale ${BENCH_SCALE}: the prototype's baseline is not run (it holds the whole catalogue in memory per request).`);
    const floor = await startServer({
      name: 'floor',
      entry: 'bench/browse/floor-server.ts',
      env: { DATABASE_URL: databaseUrl },
      healthPath: '/health',
      timeoutMs: 120_000,
    });

    const today = todayInLondon();
    // 100 of each kind: with 50, a kind's p95 was its third-slowest answer, and one or two pauses of
    // the machine in 50 answers (a collection, the first touch of a page) decided it (docs/PERFORMANCE.md).
    const perKind = wholeFromEnv('BENCH_MIX_PER_KIND', 100, 5, 1_000);
    const loadCount = wholeFromEnv('BENCH_MIX_LOAD', 8000, 100, 100_000);
    const sampleSize = 12;
    const { mix, serialOff, serialOn, warmOff, loadWarmOff, loadOff, warmOn, loadWarmOn, loadOn, sample } = mixSets(
      today,
      perKind,
      loadCount,
      sampleSize,
    );
    console.log(
      `\nGenerated ${mix.length} distinct queries (seed ${MIX_SEED}); none is sent twice in this run. At one connection, up to ${perKind} of each kind: ${serialOff.length} (cache off) and ${serialOn.length} (cache on).`,
    );

    const paths = BROWSE_VARIANTS.map((v) => variantPath(v, today));
    console.log(
      `\nChecking both servers answer the same ${paths.length} fixed queries and ${sampleSize} from the mix (also warms both up)...`,
    );
    // The prototype knows neither places nor orders: the mix's sample is compared newest first, without a place.
    const comparable = sample
      .filter((q) => !/[?&](near|sort)=/.test(q.path))
      .map((q) => `${q.path}${q.path.includes('?') ? '&' : '?'}sort=newest`);
    const verification = baseline ? await verifySameAnswers(api.baseUrl, baseline.baseUrl, paths) : null;
    const mixVerification = baseline ? await verifySameAnswers(api.baseUrl, baseline.baseUrl, comparable) : null;
    if (!baseline) {
      // Still warm the API up on the same queries, as the comparison does.
      for (const p of [...paths, ...comparable]) await fetch(`${api.baseUrl}${p}`).then((r) => r.arrayBuffer());
    }
    for (const v of [verification, mixVerification].filter((x) => x !== null)) {
      console.log(`  ${v.matching}/${v.queries} identical; one request alone: api ${v.apiMeanMs} ms, baseline ${v.baselineMeanMs} ms`);
      for (const m of v.mismatches) console.log(`  MISMATCH ${m}`);
    }

    await settleBackgroundWork(databaseUrl);
    const cacheOff = await runMixPhase(
      'cache off',
      api.baseUrl,
      { warmUp: warmOff, serial: serialOff, loadWarmUp: loadWarmOff, load: loadOff },
      CONNECTIONS,
    );
    const cacheOn = await runMixPhase(
      'cache on',
      cachedApi.baseUrl,
      { warmUp: warmOn, serial: serialOn, loadWarmUp: loadWarmOn, load: loadOn },
      CONNECTIONS,
    );
    printPerKind([
      { label: 'cache off', result: cacheOff.serial },
      { label: 'cache on', result: cacheOn.serial },
    ]);

    console.log('\nSidebar counts: GET /api/categories 300 times at 1 connection (cache off)...');
    const sidebar = await serialRun(
      api.baseUrl,
      Array.from({ length: 300 }, () => ({ path: '/api/categories', kind: 'sidebar' })),
    );
    console.log(`  p50 ${sidebar.overall.p50} ms, p95 ${sidebar.overall.p95} ms`);

    console.log('\nItem popup: GET /api/items/{id} (cache off) against the floor, 1,000 distinct items...');
    const itemDetail = await measureItemDetail(api.baseUrl, floor.baseUrl, await sampleItemIds(databaseUrl, 1000, MIX_SEED));
    console.log(
      `  api p50 ${itemDetail.api.p50} ms (p95 ${itemDetail.api.p95}), floor p50 ${itemDetail.floor.p50} ms (p95 ${itemDetail.floor.p95}): ${itemDetail.ratio}x`,
    );

    const apiSeconds = seconds('BENCH_API_SECONDS', 15, 300);
    // The baseline serves about one request per baseline-mean; run it long enough for a few dozen.
    const baselineSeconds = seconds(
      'BENCH_BASELINE_SECONDS',
      Math.min(60, Math.max(15, Math.ceil(((verification?.baselineMeanMs ?? 0) * 30) / 1000))),
      300,
    );

    console.log(
      `\nThe fixed twelve, for continuity: ${apiSeconds} s at ${CONNECTIONS} connections, cache off then on (after ${WARM_UP_SECONDS} s of warm-up each)...`,
    );
    await runLoad({ baseUrl: api.baseUrl, paths, connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS, timeoutSeconds: 10 });
    const apiLoad = await withServerCpu(api.child.pid, () =>
      runLoad({ baseUrl: api.baseUrl, paths, connections: CONNECTIONS, durationSeconds: apiSeconds, timeoutSeconds: 10 }),
    );
    await runLoad({ baseUrl: cachedApi.baseUrl, paths, connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS, timeoutSeconds: 10 });
    const cachedLoad = await withServerCpu(cachedApi.child.pid, () =>
      runLoad({ baseUrl: cachedApi.baseUrl, paths, connections: CONNECTIONS, durationSeconds: apiSeconds, timeoutSeconds: 10 }),
    );
    console.log(
      `  cache off: ${apiLoad.requestsPerSecond} req/s, p95 ${apiLoad.latencyMs.p95} ms; cache on: ${cachedLoad.requestsPerSecond} req/s, p95 ${cachedLoad.latencyMs.p95} ms`,
    );
    let baselineLoad: Awaited<ReturnType<typeof withServerCpu>> | null = null;
    let verdict: ReturnType<typeof judge> | null = null;
    if (baseline) {
      console.log(`Baseline: ${baselineSeconds} s at ${CONNECTIONS} connections...`);
      baselineLoad = await withServerCpu(baseline.child.pid, () =>
        runLoad({
          baseUrl: baseline.baseUrl,
          paths,
          connections: CONNECTIONS,
          durationSeconds: baselineSeconds,
          timeoutSeconds: baselineSeconds + 10,
        }),
      );
      verdict = judge(apiLoad, baselineLoad);
      printComparison(apiLoad, baselineLoad, verdict);
    }
    const sidebarDbMs = explain.summary.find((x) => x.title.startsWith('Sidebar'))?.queries[0]?.bestMs ?? null;
    const mixVerdict = judgeMix(cacheOff.load, cacheOff.serial, sidebar, sidebarDbMs, itemDetail);
    printMixVerdict(mixVerdict);

    const result = {
      date: new Date().toISOString(),
      machine: {
        ...machineInfo({ postgres: postgres.version }),
        postgresSharedBuffers: postgres.sharedBuffers,
        prewarmed,
        browseRelationsMb: Math.round(postgres.browseRelationsBytes / 2 ** 20),
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAverage(),
      },
      dataset: EXPECTED_COUNTS,
      mix: {
        seed: MIX_SEED,
        distinctQueries: mix.length,
        connections: CONNECTIONS,
        verification: mixVerification,
        cacheOff: { serial: withoutSamples(cacheOff.serial), load: cacheOff.load },
        cacheOn: { serial: withoutSamples(cacheOn.serial), load: cacheOn.load },
        sidebar: withoutSamples(sidebar),
        itemDetail,
        targets: mixVerdict,
      },
      fixedTwelve: {
        load: { connections: CONNECTIONS, apiSeconds, baselineSeconds, warmUpSeconds: WARM_UP_SECONDS, queries: paths },
        verification,
        api: apiLoad,
        apiCacheOn: cachedLoad,
        baseline: baselineLoad,
        throughputRatio: verdict?.throughputRatio.actual ?? null,
        targets: verdict,
      },
      explain: explain.summary.map((x) => ({
        title: x.title,
        executionMs: x.queries.map((q) => q.executionMs),
        bestMs: x.queries.map((q) => q.bestMs),
        missingIndexes: x.missingIndexes,
      })),
    };
    const resultFile = BENCH_SCALE === 1 ? 'browse.json' : `browse-x${BENCH_SCALE}.json`;
    console.log(`\nWrote ${await writeResult(resultFile, JSON.stringify(result, null, 2))}`);
  } finally {
    await stopAllServers();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
