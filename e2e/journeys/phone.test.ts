import { TEST_CARDS } from '@toolshed/core';
import type { Locator, Page } from '@playwright/test';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { freshLine, planBooking, shownPrices, type BookingPlan } from '../support/booking-plan.ts';
import { loadCatalogue } from '../support/catalogue.ts';
import { readDefinitions } from '../support/definitions.ts';
import { expect, test } from '../support/fixtures.ts';
import { itemCard } from '../support/grid.ts';
import { signInTo } from '../support/owner-items.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { GOOD_ADDRESS, asRenter, bookThroughApi } from '../support/renter-api.ts';
import { ADDED_TOAST, addToWheelbarrow, signInFromBar, wheelbarrowBar } from '../support/wheelbarrow.ts';

const PHONE = { width: 390, height: 844 };
/** The profile page's tabs, in order, by the names the app gives them. */
const PROFILE_TABS = ['Profile', 'Balance', 'Reviews', 'Transactions', 'Preferences'] as const;

let today: string;
let plan: BookingPlan;

test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

test.beforeAll(async ({ api }) => {
  const catalogue = await loadCatalogue(api);
  today = catalogue.today;
  plan = await planBooking(api, catalogue);
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').toBeTruthy();
  return found!;
}

/** The page does not scroll sideways: nothing is wider than the phone. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${where} scrolls sideways by ${overflow}px on a phone`).toBeLessThanOrEqual(0);
}

test.describe('on a phone (390 x 844)', () => {
  test('the first screen shows items; filters open from a Filters button in a sheet and count what is set', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/category/${plan.categoryId}`);
    const main = page.getByRole('main');
    await expect(itemCard(page, plan.first.name)).toBeVisible();
    await expect(main.getByRole('search', { name: 'Filter items' }), 'the filter form is not on the first screen').toHaveCount(0);
    const firstCard = await box(itemCard(page, plan.first.name));
    expect(firstCard.y, `the first card starts on the first screen (at ${firstCard.y}px)`).toBeLessThan(PHONE.height);
    await expectNoSidewaysScroll(page, 'the category page');
    await expectNoAxeViolations(page, 'the category page on a phone');

    await main.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expectNoAxeViolations(page, 'the filter sheet on a phone');
    await sheet.getByLabel('Minimum owner rating', { exact: true }).selectOption('4');
    await expect(page, 'the rating filter in the address').toHaveURL((url) => url.searchParams.get('minRating') === '4');
    await sheet.getByRole('button', { name: 'Show results', exact: true }).click();
    await expect(sheet).toBeHidden();
    const button = main.getByRole('button', { name: 'Filters 1 set', exact: true });
    await expect(button).toBeVisible();
    await expect(button, 'focus back on the Filters button').toBeFocused();
  });

  test('a popup opens full screen, adds to the wheelbarrow, and the toast and the bar keep out of each other', async ({ page, api }) => {
    await page.setViewportSize(PHONE);
    const line = await freshLine(api, plan.first, today);
    await addToWheelbarrow(page, line);
    // Measured while the toast is up (it goes after five seconds).
    const toast = page.getByRole('status').getByText(ADDED_TOAST, { exact: true });
    const bar = wheelbarrowBar(page);
    const [toastBox, barBox] = await Promise.all([box(toast), box(bar)]);
    await expect(bar.getByText('1 item', { exact: true })).toBeVisible();
    expect(
      toastBox.y + toastBox.height,
      `the toast (ends ${toastBox.y + toastBox.height}px) sits above the bar (starts ${barBox.y}px)`,
    ).toBeLessThanOrEqual(barBox.y);
    expect(barBox.height, `the bar is one compact row on a phone (${barBox.height}px)`).toBeLessThanOrEqual(90);
    await expectNoSidewaysScroll(page, 'the category page with the bar');
    await expectNoAxeViolations(page, 'the category page with the bar on a phone');

    await itemCard(page, plan.second.name).click();
    const dialog = page.getByRole('dialog', { name: plan.second.name });
    await expect(dialog.getByRole('heading', { name: plan.second.name })).toBeVisible();
    const dialogBox = await box(dialog);
    expect(dialogBox.width, 'the popup fills the phone screen').toBeGreaterThanOrEqual(PHONE.width - 1);
    await expectNoAxeViolations(page, 'the item popup on a phone');
  });

  test('checkout and payment on a phone: the bar steps aside, the card pays and the booking is confirmed', async ({
    page,
    baseUrl,
    api,
    accounts,
  }) => {
    await page.setViewportSize(PHONE);
    const account = await accounts.confirmed('Phone');
    await asRenter(baseUrl, account, (renter) => renter.saveAddress(GOOD_ADDRESS));
    const line = await freshLine(api, plan.second, today);
    await addToWheelbarrow(page, line);
    await signInFromBar(page, account);
    await expect(wheelbarrowBar(page), 'no bar on checkout').toHaveCount(0);
    await expectNoSidewaysScroll(page, '/checkout');
    await expectNoAxeViolations(page, '/checkout on a phone');

    const main = page.getByRole('main');
    const toPayment = main.getByRole('button', { name: 'Continue to Payment', exact: true });
    await expect(toPayment, 'Continue to Payment usable with a saved address').toBeEnabled();
    await toPayment.click();
    await expectPath(page, '/payment-selection');
    await expect(wheelbarrowBar(page), 'no bar on payment selection').toHaveCount(0);
    await expectNoAxeViolations(page, '/payment-selection on a phone');
    await main.getByRole('link', { name: 'Credit or debit card', exact: true }).click();
    await expectPath(page, '/payment/card');
    await expect(wheelbarrowBar(page), 'no bar on the card page').toHaveCount(0);
    const form = cardForm(page);
    const pay = form.getByRole('button', { name: `Pay ${shownPrices([line]).total}`, exact: true });
    await expect(pay).toBeVisible();
    await expectNoAxeViolations(page, '/payment/card on a phone');
    await expectNoSidewaysScroll(page, '/payment/card');
    await fillCard(form, TEST_CARDS.success, today, account.name);
    // Nothing fixed covers the button a thumb has to reach.
    const payBox = await box(pay);
    expect(payBox.y + payBox.height <= PHONE.height || (await pay.isVisible()), 'the Pay button can be reached').toBe(true);
    await pay.click();
    await expectPath(page, '/payment-success');
    await expect(main.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    await expect(wheelbarrowBar(page), 'no bar on the success page').toHaveCount(0);
    await expectNoAxeViolations(page, '/payment-success on a phone');
  });

  test('every profile tab is on screen and no profile tab scrolls sideways; transactions are cards', async ({
    page,
    baseUrl,
    api,
    accounts,
  }) => {
    const account = await accounts.confirmed('Narrow');
    // A rental paid by card, so the Transactions tab has something to lay out.
    const line = await freshLine(api, plan.first, today);
    await bookThroughApi(baseUrl, account, [line], TEST_CARDS.success, today);
    // Signed in at the default size (where the header shows the account's name), then a phone.
    await signInTo(page, account, '/profile');
    await page.setViewportSize(PHONE);
    const main = page.getByRole('main');
    const tablist = main.getByRole('tablist', { name: 'Profile sections' });
    await expect(tablist).toBeVisible();

    for (const name of PROFILE_TABS) {
      const tab = tablist.getByRole('tab', { name, exact: true });
      await tab.click();
      await expect(tab, `the ${name} tab selected`).toHaveAttribute('aria-selected', 'true');
      const panel = main.getByRole('tabpanel', { name });
      await expect(panel.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(panel.getByText(/^Loading your /).first()).toBeHidden();
      if (name === 'Transactions') {
        const card = panel.getByRole('list', { name: 'Transactions' }).getByRole('listitem', { name: line.item.name });
        await expect(card).toBeVisible();
        await expect(panel.getByRole('table'), 'no table of transactions on a phone').toHaveCount(0);
        const details = await readDefinitions(card);
        expect(
          Object.keys(details).filter((term) => ['Date', 'Amount', 'Status', 'Payment method'].includes(term)),
          'each card gives the date, amount, status and payment method',
        ).toEqual(['Date', 'Amount', 'Status', 'Payment method']);
        expect(details['Payment method'] ?? '').toMatch(/^Card \(Visa ending \d{4}\)$/);
        const cardBox = await box(card);
        expect(
          cardBox.x >= 0 && cardBox.x + cardBox.width <= PHONE.width,
          `the transaction card fits the phone (${cardBox.x}px to ${cardBox.x + cardBox.width}px)`,
        ).toBe(true);
      }

      const overflow = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
      });
      expect(
        overflow.scrollWidth,
        `the ${name} tab scrolls sideways (${overflow.scrollWidth}px wide in ${overflow.clientWidth}px)`,
      ).toBeLessThanOrEqual(overflow.clientWidth);

      // Every tab's button is wholly on screen, whichever tab is open (none is cut off or scrolled away).
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const other of PROFILE_TABS) {
        const b = await box(tablist.getByRole('tab', { name: other, exact: true }));
        const inside = b.x >= 0 && b.y >= 0 && b.x + b.width <= PHONE.width && b.y + b.height <= PHONE.height;
        expect(inside, `with ${name} open, the ${other} tab is not wholly on screen (x ${b.x}, y ${b.y}, ${b.width} x ${b.height})`).toBe(
          true,
        );
      }
    }
    await expectNoAxeViolations(page, '/profile?tab=preferences on a phone');
  });

  test("a category opened directly arrives with its items; reached from another page it says 'Loading...' then 'Fetching items from database...'", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    // Records each loading text the moment it is on screen, however briefly (per page load).
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { loadingTexts: seen });
      new MutationObserver(() => {
        for (const text of ['Loading...', 'Fetching items from database...']) {
          if (document.body?.innerText.includes(text) && !seen.includes(text)) seen.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const seenTexts = () => page.evaluate(() => [...(window as unknown as { loadingTexts: string[] }).loadingTexts]);

    // The server sends a browse address with its first screen's answers: no loading words at all.
    await page.goto(`/category/${plan.categoryId}`);
    await expect(itemCard(page, plan.first.name)).toBeVisible();
    expect(await seenTexts(), 'a category opened directly shows its items without a loading state').toEqual([]);

    // A page that does not carry them (About); the header's link then loads the categories and the items.
    await page.goto('/about');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { loadingTexts: string[] }).loadingTexts.length = 0;
    });
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Toolshed/ })
      .click();
    await expectPath(page, '/category/all');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
    await expect(page.getByText('Fetching items from database...', { exact: true }).first()).toBeHidden();
    const cards = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link').or(page.getByRole('button')) });
    await expect.poll(() => cards.count(), { message: 'item cards on All Items' }).toBeGreaterThan(0);
    expect(await seenTexts()).toEqual(['Loading...', 'Fetching items from database...']);
  });
});
