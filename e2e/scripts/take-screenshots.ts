/**
 * Screenshots of the browse page, an item popup and checkout at 1280x900 and 390x844, for the
 * README. Run by hand against a build: `npm run build`, then from e2e
 * `node --import tsx scripts/take-screenshots.ts`. Writes docs/screenshots/*.png.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createConfirmedAccount, newAccount, submitSignIn } from '../support/accounts.ts';
import { createApiReader } from '../support/api.ts';
import { freshLine, planBooking } from '../support/booking-plan.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { loadCatalogue } from '../support/catalogue.ts';
import { itemCard } from '../support/grid.ts';
import { GOOD_ADDRESS, asRenter } from '../support/renter-api.ts';
import { startApiServer } from '../support/server.ts';
import { waitForPath, waitForVisible, waitUntil } from '../support/waits.ts';
import { addToWheelbarrow } from '../support/wheelbarrow.ts';

const SIZES = { wide: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
const out = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** Waits until every image in view has loaded, so no picture is half drawn (lazy ones below wait). */
async function settle(page: Page): Promise<void> {
  const inViewLoaded = () =>
    page.evaluate(() => [...document.images].filter((img) => img.getBoundingClientRect().top < window.innerHeight).every((img) => img.complete));
  await waitUntil(inViewLoaded, 'images loaded');
  await page.waitForTimeout(300);
}

const server = await startApiServer({ env: (baseUrl) => ({ NODE_ENV: 'development', APP_URL: baseUrl, PAYMENT_DELAY_MS: '300' }) });
const browser = await launchBrowser();
try {
  await mkdir(out, { recursive: true });
  const api = createApiReader(server.baseUrl);
  const catalogue = await loadCatalogue(api);
  const plan = await planBooking(api, catalogue);
  for (const [label, size] of Object.entries(SIZES)) {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.setViewportSize(size);

    await page.goto('/category/all');
    await waitForVisible(itemCard(page, plan.first.name).or(page.getByRole('main').getByRole('link').first()));
    await settle(page);
    await page.screenshot({ path: path.join(out, `browse-${label}.png`) });

    const line = await freshLine(api, plan.first, catalogue.today);
    await page.goto(`/category/${plan.first.categoryId}`);
    await itemCard(page, plan.first.name).click();
    const dialog = page.getByRole('dialog', { name: plan.first.name });
    await waitForVisible(dialog.getByRole('heading', { name: plan.first.name }));
    await settle(page);
    await page.screenshot({ path: path.join(out, `popup-${label}.png`) });
    await page.keyboard.press('Escape');

    const account = newAccount(`Shots${label}`);
    await createConfirmedAccount(server.baseUrl, account);
    await asRenter(server.baseUrl, account, (renter) => renter.saveAddress(GOOD_ADDRESS));
    await addToWheelbarrow(page, line);
    await page.goto('/login?from=/checkout');
    await submitSignIn(page, account.email, account.password);
    await waitForPath(page, '/checkout');
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
    await waitUntil(() => page.getByRole('button', { name: 'Continue to Payment', exact: true }).isEnabled(), 'checkout ready');
    await settle(page);
    await page.screenshot({ path: path.join(out, `checkout-${label}.png`) });
    await context.close();
  }
  console.log(`Screenshots written to ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
