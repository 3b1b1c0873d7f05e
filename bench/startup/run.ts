/**
 * npm run bench:startup — how long `npm start` takes to answer: the compiled server (esbuild bundle)
 * on an existing embedded database, against running the TypeScript sources through tsx as before;
 * plus the first start on an empty folder (create, migrate, seed) and the shutdown time.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runMain } from '../shared/child-server.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { REPO_ROOT, writeResult } from '../shared/paths.ts';
import { measureStart, type StartMeasure } from './measure-start.ts';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const COMPILED = ['apps/api/dist/main.js'];
const SOURCES = ['--import', 'tsx', 'apps/api/src/main.ts'];

/**
 * On a shared machine the wall times measure the neighbours; run under `chrt -f 10` (real-time
 * priority, inherited by the servers) to approximate an idle machine. The policy is recorded.
 */
function schedulingPolicy(): string {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const policy = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
    return ['normal', 'fifo (real-time)', 'round-robin (real-time)', 'batch', 'iso', 'idle'][policy] ?? `policy ${policy}`;
  } catch {
    return 'unknown';
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

function summary(runs: StartMeasure[]) {
  return {
    runs: runs.length,
    answerMsMedian: median(runs.map((r) => r.answerMs)),
    answerMsMax: Math.max(...runs.map((r) => r.answerMs)),
    readyMsMedian: median(runs.map((r) => r.readyMs)),
    cpuSecondsMedian: median(runs.map((r) => r.cpuSeconds ?? 0)),
    stopMsMedian: median(runs.map((r) => r.stopMs)),
    cleanExits: runs.filter((r) => r.exitCode === 0).length,
  };
}

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'server', '--if-changed'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  const loadBefore = loadAverage();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-bench-startup-'));
  // The embedded database and development settings: what `npm ci && npm start` runs.
  const env = { DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'development' };
  try {
    console.log('First start on an empty folder (create the database, migrate, seed the sample catalogue)...');
    const first = await measureStart(COMPILED, env);
    console.log(`  answered after ${first.answerMs} ms, stopped in ${first.stopMs} ms`);

    const compiled: StartMeasure[] = [];
    const sources: StartMeasure[] = [];
    for (let i = 0; i < RUNS; i++) {
      compiled.push(await measureStart(COMPILED, env));
      sources.push(await measureStart(SOURCES, env));
      console.log(`  run ${i + 1}: compiled ${compiled.at(-1)!.answerMs} ms, sources through tsx ${sources.at(-1)!.answerMs} ms`);
    }
    const result = {
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      scheduling: schedulingPolicy(),
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
      firstStart: first,
      compiled: summary(compiled),
      sourcesThroughTsx: summary(sources),
    };
    console.log(JSON.stringify({ compiled: result.compiled, sourcesThroughTsx: result.sourcesThroughTsx }, null, 2));
    console.log(`Wrote ${await writeResult('startup.json', JSON.stringify(result, null, 2))}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
