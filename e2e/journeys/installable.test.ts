import { FIRST_SCREEN_ELEMENT_ID } from '@toolshed/core';
import { expect, test } from '../support/fixtures.ts';

// The API as deployed, with the sample catalogue.
test.use({ serverOptions: { mode: 'production' } });

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  icons: Array<{ src: string; sizes: string; purpose: string }>;
}

test.describe('installable app', () => {
  test('the page links a manifest with icons that load, for installing it', async ({ page, baseUrl }) => {
    await page.goto('/category/all');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(`${baseUrl}${href}`)).json()) as Manifest;
    expect(manifest.display).toBe('standalone');
    expect(manifest.short_name).toBe('Toolshed');
    for (const size of ['192x192', '512x512'])
      expect(
        manifest.icons.some((i) => i.sizes === size && i.purpose === 'any'),
        `a ${size} icon`,
      ).toBe(true);
    expect(
      manifest.icons.some((i) => i.purpose === 'maskable'),
      'a maskable icon',
    ).toBe(true);
    // Chromium's own installability check (what its install prompt and Lighthouse rely on).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // A test browser context counts as incognito, where no browser offers installs; nothing else may stop it.
    const errors = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    expect(errors, 'Chromium finds nothing about the app stopping an install').toEqual([]);
    for (const icon of manifest.icons) {
      const res = await page.request.get(`${baseUrl}${icon.src}`);
      expect(res.status(), `${icon.src} loads`).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
  });

  test('after one visit the app opens offline from its cache and shows the Mock Data catalogue', async ({ page }) => {
    await page.goto('/category/all');
    await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
    // The worker installs (storing the shell and its code) and takes control of the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { message: 'the service worker controls the page' })
      .toBe(true);
    await expect(page.getByText('Mock Data', { exact: true }), 'online, the real catalogue is shown').toHaveCount(0);

    await page.context().setOffline(true);
    await page.goto('/category/all');
    await expect(page.getByText('Mock Data', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
    await expect
      .poll(() => page.getByRole('main').getByRole('link').count(), { message: 'sample items listed offline' })
      .toBeGreaterThan(3);
    await page.context().setOffline(false);

    // The stored shell was refreshed while a browse page loaded, yet it is index.html as built: no
    // embedded data nor photo preloads of that page, and the categories preload it starts with.
    const shell = (await page.evaluate(async () => (await caches.match('/index.html'))?.text())) ?? '';
    expect(shell.includes('href="/api/categories"'), 'the stored shell is the plain index.html').toBe(true);
    expect(shell.includes(`id="${FIRST_SCREEN_ELEMENT_ID}"`), 'the stored shell has no embedded data').toBe(false);
    expect(shell.includes('as="image"'), 'the stored shell preloads no photos').toBe(false);
  });
});
