import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { measureScript, type ScriptSize } from './script-sizes.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
  });
}

function isScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type);
}

/**
 * Records every JavaScript response of a page, and keeps count of requests in flight so the caller
 * can wait for the network to go quiet (after a click, `networkidle` is no longer reported).
 */
export function recordScripts(page: Page, origin: string) {
  const pending = new Map<string, Promise<ScriptSize | null>>();
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settle = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    if (!isScript(response) || pending.has(response.url())) return;
    const path = response.url().startsWith(origin) ? response.url().slice(origin.length) : response.url();
    pending.set(
      response.url(),
      response.body().then(
        (body) => measureScript(path, body),
        () => null,
      ),
    );
  });

  return {
    /** Scripts seen so far; a later call returns only the ones loaded since the previous call. */
    async takeNew(seen: Set<string>): Promise<ScriptSize[]> {
      const fresh = [...pending.entries()].filter(([url]) => !seen.has(url));
      for (const [url] of fresh) seen.add(url);
      const sizes = await Promise.all(fresh.map(([, p]) => p));
      return sizes.filter((s): s is ScriptSize => s !== null);
    },
    /** Resolves once no request has been in flight for quietMs, or fails after timeoutMs. */
    async waitForQuiet(quietMs: number, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (inFlight === 0 && Date.now() - lastActivity >= quietMs) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`The network did not go quiet within ${timeoutMs / 1000} s (${inFlight} requests in flight)`);
    },
  };
}
