import type { Locator, Page } from 'playwright-core';

/** Long enough for a cold popup chunk or a PGlite query on a busy two-core machine. */
export const WAIT_MS = 15_000;
const POLL_MS = 100;

export async function waitForVisible(locator: Locator, timeout = WAIT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

export async function waitForGone(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/**
 * Polls until `check` returns true. The message says what was expected; `describe` adds what the
 * page showed at the end, so a failure reads as 'expected X, saw Y'.
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  message: string,
  describe?: () => Promise<string>,
  timeout = WAIT_MS,
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      const seen = describe ? await describe().catch((e: unknown) => `(could not read the page: ${String(e)})`) : '';
      throw new Error(`Timed out after ${timeout} ms: ${message}${seen ? `\nSaw: ${seen}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export async function waitForText(locator: Locator, expected: string | RegExp, timeout = WAIT_MS): Promise<void> {
  const matches = (text: string) => (typeof expected === 'string' ? text.includes(expected) : expected.test(text));
  await waitUntil(
    async () => matches((await locator.first().innerText()).trim()),
    `expected text ${String(expected)}`,
    async () => JSON.stringify((await locator.first().innerText()).trim()),
    timeout,
  );
}

/** Waits for the URL's path and query to satisfy `check`; the query is given as URLSearchParams. */
export async function waitForUrl(
  page: Page,
  check: (url: URL) => boolean,
  message: string,
  timeout = WAIT_MS,
): Promise<URL> {
  await waitUntil(async () => check(new URL(page.url())), message, async () => page.url(), timeout);
  return new URL(page.url());
}

/** Waits for the URL's path alone to be `pathname`, whatever the query. */
export function waitForPath(page: Page, pathname: string, timeout = WAIT_MS): Promise<URL> {
  return waitForUrl(page, (url) => url.pathname === pathname, `expected ${pathname}`, timeout);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An accessible name that starts with `text` (item cards may add price or rating after the name). */
export function startsWith(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(text)}`);
}
