/**
 * npm run bench:bundle [-- --no-build] — JavaScript the browse page loads, gzipped, against the
 * 100 KB budget; and what opening an item popup loads on top.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runMain, startServer, stopAllServers } from '../shared/child-server.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { REPO_ROOT, writeResult } from '../shared/paths.ts';
import { launchChromium, recordScripts } from './page-scripts.ts';
import { formatGroup, groupScripts } from './script-sizes.ts';

const BUDGET_GZIP_KB = 100;
const PAGE_PATH = '/category/all';

function buildWeb(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
    const guard = setTimeout(() => child.kill('SIGTERM'), 300_000);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve(code === 0);
    });
  });
}

async function main(): Promise<void> {
  let build: 'fresh' | 'skipped' | 'failed, measuring the previous build' = 'skipped';
  if (!process.argv.includes('--no-build')) {
    console.log('Building the web app...');
    build = (await buildWeb()) ? 'fresh' : 'failed, measuring the previous build';
    if (build !== 'fresh') console.error('The web build failed; measuring the previous build if there is one.');
  }
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist/index.html is missing: build the web app first');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-bundle-'));
  await mkdir(path.join(dataDir, 'media'));
  const browser = await launchChromium();
  try {
    console.log('Starting the API (the first start seeds the sample catalogue)...');
    const api = await startServer({
      name: 'api',
      entry: 'apps/api/src/main.ts',
      // An empty DATABASE_URL means the embedded database, whatever the shell has set.
      env: { DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_SAMPLE_DATA: 'true' },
      healthPath: '/api/health',
      timeoutMs: 180_000,
    });

    const context = await browser.newContext({ timezoneId: 'Europe/London', locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    // Only the local server is ever contacted; map tiles and anything else are refused at once.
    await context.route('**/*', (route) => (route.request().url().startsWith(api.baseUrl) ? route.continue() : route.abort()));
    const page = await context.newPage();
    const scripts = recordScripts(page, api.baseUrl);
    const seen = new Set<string>();

    await page.goto(`${api.baseUrl}${PAGE_PATH}`, { waitUntil: 'networkidle', timeout: 60_000 });
    const firstCard = page.locator('main a[href*="/item/"]').first();
    await firstCard.waitFor({ state: 'visible', timeout: 30_000 });
    await scripts.waitForQuiet(500, 30_000);
    const initial = groupScripts(await scripts.takeNew(seen));

    await firstCard.click();
    await page.getByRole('dialog').first().waitFor({ state: 'visible', timeout: 30_000 });
    await scripts.waitForQuiet(1_000, 30_000);
    const popup = groupScripts(await scripts.takeNew(seen));
    await context.close();

    console.log(`\n${formatGroup(`JavaScript loaded by ${PAGE_PATH} until the item grid shows`, initial)}`);
    console.log(`\n${formatGroup('Loaded in addition when the first item popup opens', popup)}`);
    const met = initial.totalGzipKb <= BUDGET_GZIP_KB;
    console.log(`\nInitial JavaScript ${initial.totalGzipKb} KB gzipped, budget ${BUDGET_GZIP_KB} KB -> ${met ? 'MET' : 'MISSED'}`);
    console.log(`With the popup: ${Math.round((initial.totalGzipKb + popup.totalGzipKb) * 10) / 10} KB gzipped`);

    const result = {
      date: new Date().toISOString(),
      machine: { ...machineInfo(), loadAverage: loadAverage() },
      build,
      page: PAGE_PATH,
      gzipLevel: 9,
      target: { initialGzipKb: BUDGET_GZIP_KB, met },
      initial,
      popup,
    };
    console.log(`\nWrote ${await writeResult('bundle.json', JSON.stringify(result, null, 2))}`);
  } finally {
    await browser.close();
    await stopAllServers();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
