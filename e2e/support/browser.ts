import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { artifactsDir } from './paths.ts';

/** The Debian chromium: no browser is ever downloaded. */
export function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`No Chromium at ${executablePath}. Install the Debian package (apt-get install chromium) or set CHROME_PATH.`);
  }
  return chromium.launch({
    executablePath,
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
  });
}

/** A fresh context per journey (axe needs one) with a London clock, so 'today' matches the app's. */
export function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    timezoneId: 'Europe/London',
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
  });
}

/** Fails with every violation listed, so the report alone tells what to fix. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  if (results.violations.length === 0) return;
  const lines = results.violations.map((v) => {
    const targets = v.nodes.map((n) => n.target.join(' ')).join(' | ');
    return `- ${v.id} (${v.impact ?? 'unknown impact'}): ${v.help}\n    targets: ${targets}`;
  });
  throw new Error(`Accessibility violations on ${label}:\n${lines.join('\n')}`);
}

function fileNameFor(label: string): string {
  return `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.png`;
}

/** Saves a full-page screenshot to e2e/.artifacts and returns its repository-relative path. */
export async function saveScreenshot(page: Page, label: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, fileNameFor(label));
  await page.screenshot({ path: file, fullPage: true });
  return path.join('e2e/.artifacts', path.basename(file));
}

/** Runs a step; on failure takes a screenshot and names it in the error, so a red run shows what the user saw. */
export async function screenshotOnFailure<T>(page: Page, label: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    let shot = 'no screenshot (the page was not available)';
    try {
      shot = await saveScreenshot(page, label);
    } catch {
      // The original failure matters more than a missing screenshot.
    }
    if (error instanceof Error) {
      error.message = `${error.message}\nScreenshot: ${shot}\nPage: ${page.url()}`;
      throw error;
    }
    throw new Error(`${String(error)}\nScreenshot: ${shot}`);
  }
}
