/**
 * npm run bench:lighthouse [-- --no-build] — Lighthouse (mobile, simulated throttling, performance
 * only) on the browse page and on an item popup deep link, three runs each, medians reported.
 * Runs the built app on the embedded database with the sample catalogue. CHROME_PATH overrides
 * /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { runMain, startServer, stopAllServers } from '../shared/child-server.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { REPO_ROOT, writeResult } from '../shared/paths.ts';
import { figuresOf, isMeasured, LIGHTHOUSE_TARGETS, medianFigures, meetsTargets, type LighthouseFigures } from './summary.ts';

const RUNS = 3;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function buildWeb(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0));
  });
}

/** One Lighthouse run in a fresh Chromium, so no run reuses another's cache; a run Lighthouse could not measure gives its error. */
async function audit(url: string): Promise<LighthouseFigures | { error: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Map tiles cannot be reached from here; refuse them rather than wait for them.
      blockedUrlPatterns: ['*tile.openstreetmap.org*'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const figures = figuresOf(result.lhr as unknown as Parameters<typeof figuresOf>[0]);
    if (isMeasured(figures)) return figures;
    return { error: result.lhr.runtimeError?.message ?? result.lhr.runtimeError?.code ?? 'a figure is missing from the result' };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  const build = process.argv.includes('--no-build') ? 'skipped' : (await buildWeb()) ? 'fresh' : 'failed';
  if (build === 'failed') throw new Error('The web build failed');
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist/index.html is missing: build the web app first');
  const loadBefore = loadAverage();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-lighthouse-'));
  await mkdir(path.join(dataDir, 'media'));
  try {
    const api = await startServer({
      name: 'api',
      entry: 'apps/api/src/main.ts',
      env: { DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_SAMPLE_DATA: 'true' },
      healthPath: '/api/health',
      timeoutMs: 180_000,
    });
    const first = (await (await fetch(`${api.baseUrl}/api/categories/all/items`)).json()) as { items: Array<{ id: string }> };
    const itemId = first.items[0]?.id;
    if (!itemId) throw new Error('The sample catalogue has no items');
    const pages = [
      { name: 'browse', path: '/category/all' },
      { name: 'item popup (deep link)', path: `/category/all/item/${itemId}` },
    ];
    const results = [];
    for (const p of pages) {
      const runs: LighthouseFigures[] = [];
      const failures: string[] = [];
      // A run Lighthouse could not measure (it happens: a trace without a paint event) is reported
      // and run again, up to twice as many runs in all; the medians are of measured runs only.
      for (let i = 1; runs.length < RUNS && i <= 2 * RUNS; i++) {
        const f = await audit(`${api.baseUrl}${p.path}`);
        if ('error' in f) {
          console.log(`${p.name} run ${i}: not measured (${f.error}); running again`);
          failures.push(f.error);
          continue;
        }
        console.log(
          `${p.name} run ${i}: score ${f.performance}, LCP ${f.lcpMs} ms, CLS ${f.cls}, FCP ${f.fcpMs} ms, TBT ${f.tbtMs} ms, ${Math.round(f.transferBytes / 1000)} KB`,
        );
        runs.push(f);
      }
      if (runs.length < RUNS)
        throw new Error(`Lighthouse measured ${p.path} only ${runs.length} times in ${2 * RUNS} runs: ${failures.join('; ')}`);
      const median = medianFigures(runs);
      results.push({ ...p, runs, failures, median, met: meetsTargets(median) });
      console.log(
        `${p.name} median: score ${median.performance}, LCP ${median.lcpMs} ms, CLS ${median.cls} -> ${meetsTargets(median) ? 'MET' : 'MISSED'}\n`,
      );
    }
    const out = {
      date: new Date().toISOString(),
      machine: { ...machineInfo(), loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() },
      build,
      settings: 'Lighthouse 12.8 defaults: mobile form factor, simulated throttling (slow 4G, 4x CPU), performance category',
      targets: LIGHTHOUSE_TARGETS,
      runsPerPage: RUNS,
      pages: results,
    };
    console.log(`Wrote ${await writeResult('lighthouse.json', JSON.stringify(out, null, 2))}`);
  } finally {
    await stopAllServers();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
