import { after, afterEach, before, beforeEach, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshotOnFailure } from './browser.ts';
import type { RunningServer } from './server.ts';

/** The API's first start seeds the catalogue (up to 90 s), then the browser starts. */
const STARTUP_TIMEOUT_MS = 150_000;
/** A hung journey fails on its own instead of stalling the run. */
const JOURNEY_TIMEOUT_MS = 120_000;

export interface JourneyEnv {
  readonly baseUrl: string;
  readonly page: Page;
  /** Browser errors seen during the current journey; a crash in the app should fail loudly. */
  readonly pageErrors: string[];
}

/**
 * Wires a test file: one server and one browser for the file, a fresh browser context (cookies,
 * storage) for each journey, and a screenshot in e2e/.artifacts whenever a journey fails.
 */
export function setUpJourneys(startServer: () => Promise<RunningServer>, prepare?: (baseUrl: string) => Promise<void>) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const pageErrors: string[] = [];

  before(
    async () => {
      server = await startServer();
      browser = await launchBrowser();
      // Runs in the same hook: test data read from the server must exist before any journey.
      await prepare?.(server.baseUrl);
    },
    { timeout: STARTUP_TIMEOUT_MS },
  );
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    if (!browser || !server) throw new Error('The server or the browser did not start');
    pageErrors.length = 0;
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
  });
  afterEach(async () => {
    await context?.close();
  });

  const env: JourneyEnv = {
    get baseUrl() {
      if (!server) throw new Error('The server is not running');
      return server.baseUrl;
    },
    get page() {
      if (!page) throw new Error('No page: the journey runs outside its hooks');
      return page;
    },
    pageErrors,
  };

  /** `it` with a screenshot on failure and any uncaught browser errors added to the message. */
  function journey(name: string, body: (env: JourneyEnv) => Promise<void>): void {
    it(name, { timeout: JOURNEY_TIMEOUT_MS }, () =>
      screenshotOnFailure(env.page, name, async () => {
        try {
          await body(env);
        } catch (error) {
          if (error instanceof Error && pageErrors.length) error.message += `\nBrowser errors: ${pageErrors.join(' | ')}`;
          throw error;
        }
      }),
    );
  }

  return { env, journey };
}
