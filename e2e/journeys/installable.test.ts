import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { FIRST_SCREEN_ELEMENT_ID } from '@toolshed/core';
import { setUpJourneys } from '../support/journey.ts';
import { startApiServer } from '../support/server.ts';
import { waitForVisible, waitUntil } from '../support/waits.ts';

const { journey } = setUpJourneys(() => startApiServer());

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  icons: Array<{ src: string; sizes: string; purpose: string }>;
}

describe('installable app', () => {
  journey('the page links a manifest with icons that load, for installing it', async ({ page, baseUrl }) => {
    await page.goto('/category/all');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.equal(href, '/manifest.webmanifest');
    const manifest = (await (await page.request.get(`${baseUrl}${href}`)).json()) as Manifest;
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.short_name, 'Toolshed');
    for (const size of ['192x192', '512x512']) assert.ok(manifest.icons.some((i) => i.sizes === size && i.purpose === 'any'), `a ${size} icon`);
    assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'), 'a maskable icon');
    // Chromium's own installability check (what its install prompt and Lighthouse rely on).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    // A test browser context counts as incognito, where no browser offers installs; nothing else may stop it.
    const errors = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    assert.deepEqual(errors, [], 'Chromium finds nothing about the app stopping an install');
    for (const icon of manifest.icons) {
      const res = await page.request.get(`${baseUrl}${icon.src}`);
      assert.equal(res.status(), 200, `${icon.src} loads`);
      assert.equal(res.headers()['content-type'], 'image/png');
    }
  });

  journey('after one visit the app opens offline from its cache and shows the Mock Data catalogue', async ({ page }) => {
    await page.goto('/category/all');
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'All Items' }));
    // The worker installs (storing the shell and its code) and takes control of the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await waitUntil(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page');
    assert.equal(await page.getByText('Mock Data', { exact: true }).count(), 0, 'online, the real catalogue is shown');

    await page.context().setOffline(true);
    await page.goto('/category/all');
    await waitForVisible(page.getByText('Mock Data', { exact: true }));
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'All Items' }));
    await waitUntil(async () => (await page.getByRole('main').getByRole('link').count()) > 3, 'sample items listed offline');
    await page.context().setOffline(false);

    // The stored shell was refreshed while a browse page loaded, yet it is index.html as built: no
    // embedded data nor photo preloads of that page, and the categories preload it starts with.
    const shell = (await page.evaluate(async () => (await caches.match('/index.html'))?.text())) ?? '';
    assert.ok(shell.includes('href="/api/categories"'), 'the stored shell is the plain index.html');
    assert.ok(!shell.includes(`id="${FIRST_SCREEN_ELEMENT_ID}"`), 'the stored shell has no embedded data');
    assert.ok(!shell.includes('as="image"'), 'the stored shell preloads no photos');
  });
});
