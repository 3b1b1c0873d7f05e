import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { TEST_CARDS } from '@toolshed/core';
import type { Locator, Page } from 'playwright-core';
import { createConfirmedAccount, newAccount } from '../support/accounts.ts';
import { createApiReader, type ApiReader } from '../support/api.ts';
import { freshLine, planBooking, shownPrices, type BookingPlan } from '../support/booking-plan.ts';
import { expectNoAxeViolations } from '../support/browser.ts';
import { loadCatalogue } from '../support/catalogue.ts';
import { itemCard } from '../support/grid.ts';
import { setUpJourneys } from '../support/journey.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { readDefinitions } from '../support/definitions.ts';
import { signInTo } from '../support/owner-items.ts';
import { GOOD_ADDRESS, asRenter, bookThroughApi } from '../support/renter-api.ts';
import { startApiServer } from '../support/server.ts';
import { waitForGone, waitForPath, waitForUrl, waitForVisible, waitUntil } from '../support/waits.ts';
import { ADDED_TOAST, addToWheelbarrow, signInFromBar, wheelbarrowBar } from '../support/wheelbarrow.ts';

const PHONE = { width: 390, height: 844 };
/** The profile page's tabs, in order, by the names the app gives them. */
const PROFILE_TABS = ['Profile', 'Balance', 'Reviews', 'Transactions', 'Preferences'] as const;

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

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  assert.ok(found, 'the element is laid out');
  return found;
}

/** The page does not scroll sideways: nothing is wider than the phone. */
async function assertNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px on a phone`);
}

describe('on a phone (390 x 844)', () => {
  journey('the first screen shows items; filters open from a Filters button in a sheet and count what is set', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/category/${plan.categoryId}`);
    const main = page.getByRole('main');
    await waitForVisible(itemCard(page, plan.first.name));
    assert.equal(await main.getByRole('search', { name: 'Filter items' }).count(), 0, 'the filter form is not on the first screen');
    const firstCard = await box(itemCard(page, plan.first.name));
    assert.ok(firstCard.y < PHONE.height, `the first card starts on the first screen (at ${firstCard.y}px)`);
    await assertNoSidewaysScroll(page, 'the category page');
    await expectNoAxeViolations(page, 'the category page on a phone');

    await main.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await waitForVisible(sheet);
    await expectNoAxeViolations(page, 'the filter sheet on a phone');
    await sheet.getByLabel('Minimum owner rating', { exact: true }).selectOption('4');
    await waitForUrl(page, (url) => url.searchParams.get('minRating') === '4', 'the rating filter in the address');
    await sheet.getByRole('button', { name: 'Show results', exact: true }).click();
    await waitForGone(sheet);
    const button = main.getByRole('button', { name: 'Filters 1 set', exact: true });
    await waitForVisible(button);
    await waitUntil(() => button.evaluate((el) => el === document.activeElement), 'focus back on the Filters button');
  });

  journey('a popup opens full screen, adds to the wheelbarrow, and the toast and the bar keep out of each other', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const line = await freshLine(api, plan.first, today);
    await addToWheelbarrow(page, line);
    // Measured while the toast is up (it goes after five seconds).
    const toast = page.getByRole('status').getByText(ADDED_TOAST, { exact: true });
    const bar = wheelbarrowBar(page);
    const [toastBox, barBox] = await Promise.all([box(toast), box(bar)]);
    await waitForVisible(bar.getByText('1 item', { exact: true }));
    assert.ok(toastBox.y + toastBox.height <= barBox.y, `the toast (ends ${toastBox.y + toastBox.height}px) sits above the bar (starts ${barBox.y}px)`);
    assert.ok(barBox.height <= 90, `the bar is one compact row on a phone (${barBox.height}px)`);
    await assertNoSidewaysScroll(page, 'the category page with the bar');
    await expectNoAxeViolations(page, 'the category page with the bar on a phone');

    await itemCard(page, plan.second.name).click();
    const dialog = page.getByRole('dialog', { name: plan.second.name });
    await waitForVisible(dialog.getByRole('heading', { name: plan.second.name }));
    const dialogBox = await box(dialog);
    assert.ok(dialogBox.width >= PHONE.width - 1, 'the popup fills the phone screen');
    await expectNoAxeViolations(page, 'the item popup on a phone');
  });

  journey('checkout and payment on a phone: the bar steps aside, the card pays and the booking is confirmed', async ({ page, baseUrl }) => {
    await page.setViewportSize(PHONE);
    const account = newAccount('Phone');
    await createConfirmedAccount(baseUrl, account);
    await asRenter(baseUrl, account, (renter) => renter.saveAddress(GOOD_ADDRESS));
    const line = await freshLine(api, plan.second, today);
    await addToWheelbarrow(page, line);
    await signInFromBar(page, account);
    assert.equal(await wheelbarrowBar(page).count(), 0, 'no bar on checkout');
    await assertNoSidewaysScroll(page, '/checkout');
    await expectNoAxeViolations(page, '/checkout on a phone');

    const main = page.getByRole('main');
    const toPayment = main.getByRole('button', { name: 'Continue to Payment', exact: true });
    await waitUntil(() => toPayment.isEnabled(), 'Continue to Payment usable with a saved address');
    await toPayment.click();
    await waitForPath(page, '/payment-selection');
    assert.equal(await wheelbarrowBar(page).count(), 0, 'no bar on payment selection');
    await expectNoAxeViolations(page, '/payment-selection on a phone');
    await main.getByRole('link', { name: 'Credit or debit card', exact: true }).click();
    await waitForPath(page, '/payment/card');
    assert.equal(await wheelbarrowBar(page).count(), 0, 'no bar on the card page');
    const form = cardForm(page);
    const pay = form.getByRole('button', { name: `Pay ${shownPrices([line]).total}`, exact: true });
    await waitForVisible(pay);
    await expectNoAxeViolations(page, '/payment/card on a phone');
    await assertNoSidewaysScroll(page, '/payment/card');
    await fillCard(form, TEST_CARDS.success, today, account.name);
    // Nothing fixed covers the button a thumb has to reach.
    const payBox = await box(pay);
    assert.ok(payBox.y + payBox.height <= PHONE.height || (await pay.isVisible()), 'the Pay button can be reached');
    await pay.click();
    await waitForPath(page, '/payment-success');
    await waitForVisible(main.getByRole('heading', { level: 1, name: 'Booking confirmed' }));
    assert.equal(await wheelbarrowBar(page).count(), 0, 'no bar on the success page');
    await expectNoAxeViolations(page, '/payment-success on a phone');
  });

  journey('every profile tab is on screen and no profile tab scrolls sideways; transactions are cards', async ({ page, baseUrl }) => {
    const account = newAccount('Narrow');
    await createConfirmedAccount(baseUrl, account);
    // A rental paid by card, so the Transactions tab has something to lay out.
    const line = await freshLine(api, plan.first, today);
    await bookThroughApi(baseUrl, account, [line], TEST_CARDS.success, today);
    // Signed in at the default size (where the header shows the account's name), then a phone.
    await signInTo(page, account, '/profile');
    await page.setViewportSize(PHONE);
    const main = page.getByRole('main');
    const tablist = main.getByRole('tablist', { name: 'Profile sections' });
    await waitForVisible(tablist);

    for (const name of PROFILE_TABS) {
      const tab = tablist.getByRole('tab', { name, exact: true });
      await tab.click();
      await waitUntil(async () => (await tab.getAttribute('aria-selected')) === 'true', `the ${name} tab selected`);
      const panel = main.getByRole('tabpanel', { name });
      await waitForVisible(panel.getByRole('heading', { level: 2 }).first());
      await waitForGone(panel.getByText(/^Loading your /));
      if (name === 'Transactions') {
        const card = panel.getByRole('list', { name: 'Transactions' }).getByRole('listitem', { name: line.item.name });
        await waitForVisible(card);
        assert.equal(await panel.getByRole('table').count(), 0, 'no table of transactions on a phone');
        const details = await readDefinitions(card);
        assert.deepEqual(
          Object.keys(details).filter((term) => ['Date', 'Amount', 'Status', 'Payment method'].includes(term)),
          ['Date', 'Amount', 'Status', 'Payment method'],
          'each card gives the date, amount, status and payment method',
        );
        assert.match(details['Payment method'] ?? '', /^Card \(Visa ending \d{4}\)$/);
        const cardBox = await box(card);
        assert.ok(cardBox.x >= 0 && cardBox.x + cardBox.width <= PHONE.width, `the transaction card fits the phone (${cardBox.x}px to ${cardBox.x + cardBox.width}px)`);
      }

      const overflow = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
      });
      assert.ok(overflow.scrollWidth <= overflow.clientWidth, `the ${name} tab scrolls sideways (${overflow.scrollWidth}px wide in ${overflow.clientWidth}px)`);

      // Every tab's button is wholly on screen, whichever tab is open (none is cut off or scrolled away).
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const other of PROFILE_TABS) {
        const b = await box(tablist.getByRole('tab', { name: other, exact: true }));
        const inside = b.x >= 0 && b.y >= 0 && b.x + b.width <= PHONE.width && b.y + b.height <= PHONE.height;
        assert.ok(inside, `with ${name} open, the ${other} tab is not wholly on screen (x ${b.x}, y ${b.y}, ${b.width} x ${b.height})`);
      }
    }
    await expectNoAxeViolations(page, '/profile?tab=preferences on a phone');
  });

  journey("a category opened directly arrives with its items; reached from another page it says 'Loading...' then 'Fetching items from database...'", async ({ page }) => {
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
    await waitForVisible(itemCard(page, plan.first.name));
    assert.deepEqual(await seenTexts(), [], 'a category opened directly shows its items without a loading state');

    // A page that does not carry them (About); the header's link then loads the categories and the items.
    await page.goto('/about');
    await waitForVisible(page.getByRole('main').getByRole('heading', { level: 1 }));
    await page.evaluate(() => {
      (window as unknown as { loadingTexts: string[] }).loadingTexts.length = 0;
    });
    await page.getByRole('banner').getByRole('link', { name: /Toolshed/ }).click();
    await waitForPath(page, '/category/all');
    await waitForVisible(page.getByRole('main').getByRole('heading', { level: 1, name: 'All Items' }));
    await waitForGone(page.getByText('Fetching items from database...', { exact: true }));
    const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('link').or(page.getByRole('button')) });
    await waitUntil(async () => (await cards.count()) > 0, 'item cards on All Items');
    assert.deepEqual(await seenTexts(), ['Loading...', 'Fetching items from database...']);
  });
});
