import { TEST_CARDS } from '@toolshed/core';
import type { VitalsSummary } from '@toolshed/core/contract';
import type { Page } from '@playwright/test';
import { expectPath, submitSignIn } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { freshLine, planBooking, type BookingPlan } from '../support/booking-plan.ts';
import { loadCatalogue } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry } from '../support/owner-items.ts';
import { bookThroughApi } from '../support/renter-api.ts';

const SIZES = [
  { name: 'computer', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let today: string;
let plan: BookingPlan;

// On a development server: signing up goes through the mailbox, and the journeys book and pay.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

test.beforeAll(async ({ api }) => {
  const catalogue = await loadCatalogue(api);
  today = catalogue.today;
  plan = await planBooking(api, catalogue);
});

/** Opens `path`, waits for the page's main content to settle, and runs axe on it. */
async function check(page: Page, path: string, size: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main').first()).toBeVisible();
  // Lazy parts and data arrive after the first paint; the bell polls, so "idle" may never come.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // Best effort: a page still loading after this is left to axe as it is.
  await page
    .getByText(/^(Loading\.\.\.|Fetching items from database\.\.\.)$/)
    .first()
    .waitFor({ state: 'hidden', timeout: 15_000 })
    .catch(() => undefined);
  await expectNoAxeViolations(page, `${path} (${size})`);
}

test.describe('every route, at both sizes, has no accessibility violations', () => {
  // Some twenty pages with axe on each: more than the usual two minutes when the workers share the cores.
  test.describe.configure({ timeout: 240_000 });

  for (const size of SIZES) {
    test(`${size.name} (${size.width}x${size.height})`, async ({ page, baseUrl, api, accounts }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const account = await accounts.confirmed('Axe');
      const line = await freshLine(api, plan.first, today);
      await bookThroughApi(baseUrl, account, [line], TEST_CARDS.success, today);
      const listed = await listItemThroughApi(baseUrl, account, newItemEntry('Axe check ladder', plan.categoryId));

      for (const path of ['/category/all', `/category/${plan.categoryId}`, `/owner/${plan.first.owner.id}`, '/help', '/about', '/login']) {
        await check(page, path, size.name);
      }

      // Signed in through the form (on a phone the header shows no name to check).
      await page.goto(`/login?${new URLSearchParams({ from: '/my-rentals' })}`);
      await submitSignIn(page, account.email, account.password);
      await expectPath(page, '/my-rentals');
      await check(page, '/my-rentals', size.name);
      const rentalLink = page.getByRole('main').getByRole('link', { name: plan.first.name, exact: true }).first();
      await rentalLink.click();
      await expect(page).toHaveURL(/\/rentals\/[^/]+$/);
      const rentalPath = new URL(page.url()).pathname;
      expect(rentalPath).toMatch(/^\/rentals\//);

      for (const path of [
        rentalPath,
        '/my-items',
        '/saved',
        '/saved-searches',
        // A stop link that stops nothing: the page says so.
        '/alerts/stop/not-a-link-any-search-has-0000',
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
        // The operator's desk, for a member: nothing there.
        '/ops',
      ]) {
        await check(page, path, size.name);
      }
    });
  }
});

// On a development server: the daily summary is for members, and the journey signs one up through the mailbox.
test.describe('web vitals', () => {
  test('web vitals measured in the browser reach the daily summary', async ({ page, baseUrl, accounts }) => {
    await page.goto('/category/all');
    await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
    await page.locator('main a[href*="/item/"]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // Leaving the page makes the browser report LCP, INP and CLS as final.
    await page.goto('about:blank');
    // The summary is for members: sign in through the API in this browser's context.
    const member = await accounts.confirmed('Vitals');
    const signedIn = await page.request.post(`${baseUrl}/api/auth/sign-in/email`, {
      data: { email: member.email, password: member.password },
      headers: { origin: baseUrl },
    });
    expect(signedIn.status()).toBe(200);
    await expect
      .poll(
        async () => {
          const { days } = (await (await page.request.get(`${baseUrl}/api/vitals/daily`)).json()) as VitalsSummary;
          return (
            days.some((d) => d.metric === 'LCP' && d.page === 'browse' && d.samples > 0) &&
            days.some((d) => d.metric === 'CLS' && d.samples > 0)
          );
        },
        { message: 'LCP and CLS of the browse page in the daily summary' },
      )
      .toBe(true);
  });
});
