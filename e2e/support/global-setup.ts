import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { assertWebBuilt, repoRoot } from './paths.ts';

/**
 * Once per run, before any worker: the web app must be built (the journeys test it as it ships and
 * never build it), the compiled server is rebuilt if the API's sources changed since its last
 * build, and Chromium must be there (no browser is ever downloaded).
 */
export default function globalSetup(config: FullConfig): void {
  assertWebBuilt();
  for (const project of config.projects) {
    const chromium = project.use.launchOptions?.executablePath;
    if (chromium && !existsSync(chromium)) {
      throw new Error(`No Chromium at ${chromium}. Install the Debian package (apt-get install chromium) or set CHROME_PATH.`);
    }
  }
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'server', '--if-changed'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('Building the server (node scripts/build.mjs server) failed');
}
