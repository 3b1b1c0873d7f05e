import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { BROWSER_CONTEXT } from './support/context.ts';

/**
 * The browser journeys: Debian's Chromium (never a downloaded browser), one API with a fresh
 * database per journey file (the fixtures in support/fixtures.ts start it), files spread over as
 * many workers as the machine has cores. `npm run build` comes first: the journeys test the build.
 */
export default defineConfig({
  testDir: 'journeys',
  testMatch: '*.test.ts',
  outputDir: 'test-results',
  globalSetup: './support/global-setup.ts',
  workers: Number(process.env.E2E_WORKERS) || availableParallelism(),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  /** A hung journey fails on its own instead of stalling the run. */
  timeout: 120_000,
  /** Long enough for a cold popup chunk or a PGlite query on a busy two-core machine. */
  expect: { timeout: 15_000, toPass: { timeout: 15_000 } },
  reporter: [['list'], ['./support/summary-reporter.ts']],
  use: {
    ...BROWSER_CONTEXT,
    browserName: 'chromium',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // Debian's Chromium, headless, with nothing of its own reaching out to the network.
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    // The trace's DOM snapshots of each step, without its film strip of screenshots (a fifth of the CPU).
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
});
