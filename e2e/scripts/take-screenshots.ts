/**
 * Screenshots of the browse page, an item popup and checkout at 1280x900 and 390x844, for the
 * README. Run by hand against a build: `npm run build`, then from e2e
 * `node --import tsx scripts/take-screenshots.ts [folder]`. Writes docs/screenshots/*.png (or into
 * the folder given). Uses Playwright's library API with the journeys' own browser settings.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { createConfirmedAccount, expectPath, newAccount, submitSignIn } from '../support/accounts.ts';
import { createApiReader } from '../support/api.ts';
import { freshLine, planBooking } from '../support/booking-plan.ts';
import { loadCatalogue } from '../support/catalogue.ts';
import { BROWSER_CONTEXT } from '../support/context.ts';
import { itemCard } from '../support/grid.ts';
import { assertWebBuilt } from '../support/paths.ts';
import { GOOD_ADDRESS, asRenter } from '../support/renter-api.ts';
import { startApiServer } from '../support/servers.ts';
import { addToWheelbarrow, itemDialog } from '../support/wheelbarrow.ts';

const SIZES = { wide: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
const out = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../docs/screenshots'));

/**
 * Waits until every image in view has loaded, so no picture is half drawn. Lazy ones out of view
 * wait: below the screen, or to the side in a row that scrolls sideways (the phone's category tiles).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => {
        const r = img.getBoundingClientRect();
        return r.top < window.innerHeight && r.bottom > 0 && r.left < window.innerWidth && r.right > 0;
      })
      .every((img) => img.complete),
  );
  await page.waitForTimeout(300);
}

assertWebBuilt();
const server = await startApiServer({ NODE_ENV: 'development', PAYMENT_DELAY_MS: '300' });
const browser = await chromium.launch(config.use?.launchOptions);
try {
  await mkdir(out, { recursive: true });
  const api = createApiReader(server.baseUrl);
  const catalogue = await loadCatalogue(api);
  const plan = await planBooking(api, catalogue);
  for (const [label, size] of Object.entries(SIZES)) {
    const context = await browser.newContext({ ...BROWSER_CONTEXT, baseURL: server.baseUrl, viewport: size });
    const page = await context.newPage();

    await page.goto('/category/all');
    await expect(itemCard(page, plan.first.name).or(page.getByRole('main').getByRole('link').first()).first()).toBeVisible();
    await settle(page);
    await page.screenshot({ path: path.join(out, `browse-${label}.png`) });

    const line = await freshLine(api, plan.first, catalogue.today);
    await page.goto(`/category/${plan.first.categoryId}`);
    await itemCard(page, plan.first.name).click();
    await expect(itemDialog(page, plan.first).getByRole('heading', { name: plan.first.name })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: path.join(out, `popup-${label}.png`) });
    await page.keyboard.press('Escape');

    const account = newAccount(`Shots${label}`);
    await createConfirmedAccount(server.baseUrl, account);
    await asRenter(server.baseUrl, account, (renter) => renter.saveAddress(GOOD_ADDRESS));
    await addToWheelbarrow(page, line);
    await page.goto('/login?from=/checkout');
    await submitSignIn(page, account.email, account.password);
    await expectPath(page, '/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Payment', exact: true })).toBeEnabled();
    await settle(page);
    await page.screenshot({ path: path.join(out, `checkout-${label}.png`) });
    await context.close();
  }
  console.log(`Screenshots written to ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
