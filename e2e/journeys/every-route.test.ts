import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { TEST_CARDS } from '@toolshed/core';
import type { VitalsSummary } from '@toolshed/core/contract';
import type { Page } from 'playwright-core';
import { createApiReader, type ApiReader } from '../support/api.ts';
import { freshLine, planBooking, type BookingPlan } from '../support/booking-plan.ts';
import { expectNoAxeViolations } from '../support/browser.ts';
import { loadCatalogue } from '../support/catalogue.ts';
import { setUpJourneys } from '../support/journey.ts';
import { createConfirmedAccount, newAccount, submitSignIn } from '../support/accounts.ts';
import { confirmedAccount, listItemThroughApi, newItemEntry } from '../support/owner-items.ts';
import { bookThroughApi } from '../support/renter-api.ts';
import { startApiServer } from '../support/server.ts';
import { waitForPath, waitForVisible, waitUntil } from '../support/waits.ts';

const SIZES = [
  { name: 'computer', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let api: ApiReader;
let today: string;
let plan: BookingPlan;

const { journey } = setUpJourneys(
  () => startApiServer({ env: (baseUrl) => ({ NODE_ENV: 'development', APP_URL: baseUrl, AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' }) }),
  async (baseUrl) => {
    api = createApiReader(baseUrl);
    const catalogue = await loadCatalogue(api);
    today = catalogue.today;
    plan = await planBooking(api, catalogue);
  },
);

/** Opens `path`, waits for the page's main content to settle, and runs axe on it. */
async function check(page: Page, path: string, size: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('main').first().waitFor({ state: 'visible', timeout: 15_000 });
  // Lazy parts and data arrive after the first paint; the bell polls, so "idle" may never come.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.getByText(/^(Loading\.\.\.|Fetching items from database\.\.\.)$/).first().waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
  await expectNoAxeViolations(page, `${path} (${size})`);
}

describe('every route, at both sizes, has no accessibility violations', () => {
  for (const size of SIZES) {
    journey(`${size.name} (${size.width}x${size.height})`, async ({ page, baseUrl }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const account = await confirmedAccount(baseUrl, 'Axe');
      const line = await freshLine(api, plan.first, today);
      await bookThroughApi(baseUrl, account, [line], TEST_CARDS.success, today);
      const listed = await listItemThroughApi(baseUrl, account, newItemEntry('Axe check ladder', plan.categoryId));

      for (const path of ['/category/all', `/category/${plan.categoryId}`, `/owner/${plan.first.owner.id}`, '/help', '/about', '/login']) {
        await check(page, path, size.name);
      }

      // Signed in through the form (on a phone the header shows no name to check).
      await page.goto(`/login?${new URLSearchParams({ from: '/my-rentals' })}`);
      await submitSignIn(page, account.email, account.password);
      await waitForPath(page, '/my-rentals');
      await check(page, '/my-rentals', size.name);
      const rentalLink = page.getByRole('main').getByRole('link', { name: plan.first.name, exact: true }).first();
      await rentalLink.click();
      await page.waitForURL(/\/rentals\/[^/]+$/);
      const rentalPath = new URL(page.url()).pathname;
      assert.match(rentalPath, /^\/rentals\//);

      for (const path of [
        rentalPath,
        '/my-items',
        '/add-item',
        `/edit-item/${listed.id}`,
        '/notifications',
        `/item/${plan.first.id}/messages`,
        '/checkout',
        '/payment-selection',
        '/payment/card',
        '/profile?tab=profile',
        '/profile?tab=balance',
        '/profile?tab=reviews',
        '/profile?tab=transactions',
        '/profile?tab=preferences',
      ]) {
        await check(page, path, size.name);
      }
    });
  }
});

// On a development server: the daily summary is for members, and the journey signs one up through the mailbox.
describe('web vitals', () => {
  journey('web vitals measured in the browser reach the daily summary', async ({ page, baseUrl }) => {
    await page.goto('/category/all');
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'All Items' }));
    await page.locator('main a[href*="/item/"]').first().click();
    await waitForVisible(page.getByRole('dialog'));
    // Leaving the page makes the browser report LCP, INP and CLS as final.
    await page.goto('about:blank');
    // The summary is for members: sign in through the API in this browser's context.
    const member = newAccount('Vitals');
    await createConfirmedAccount(baseUrl, member);
    const signedIn = await page.request.post(`${baseUrl}/api/auth/sign-in/email`, { data: { email: member.email, password: member.password }, headers: { origin: baseUrl } });
    assert.equal(signedIn.status(), 200);
    await waitUntil(async () => {
      const { days } = (await (await page.request.get(`${baseUrl}/api/vitals/daily`)).json()) as VitalsSummary;
      return days.some((d) => d.metric === 'LCP' && d.page === 'browse' && d.samples > 0) && days.some((d) => d.metric === 'CLS' && d.samples > 0);
    }, 'LCP and CLS of the browse page in the daily summary');
  });
});
