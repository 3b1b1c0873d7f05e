import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { TEST_CARDS } from '@toolshed/core';
import type { Page } from 'playwright-core';
import { accountNav } from '../support/accounts.ts';
import { createApiReader, type ApiReader } from '../support/api.ts';
import { freshLine, type PlannedLine } from '../support/booking-plan.ts';
import { expectNoAxeViolations, newContext } from '../support/browser.ts';
import { loadCatalogue } from '../support/catalogue.ts';
import { setUpJourneys } from '../support/journey.ts';
import { confirmedAccount, listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { GOOD_ADDRESS, asRenter } from '../support/renter-api.ts';
import { startApiServer } from '../support/server.ts';
import { waitForPath, waitForUrl, waitForVisible, waitUntil } from '../support/waits.ts';
import { addToWheelbarrow, itemDialog, wheelbarrowBar } from '../support/wheelbarrow.ts';

let api: ApiReader;
let today: string;

// Development mode for /dev/mailbox (sign-up confirmations), a quick simulated card processor.
const { journey } = setUpJourneys(
  () => startApiServer({ env: (baseUrl) => ({ NODE_ENV: 'development', APP_URL: baseUrl, AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' }) }),
  async (baseUrl) => {
    api = createApiReader(baseUrl);
    today = (await loadCatalogue(api)).today;
  },
);

/** The badge polls every few seconds and notices go through the job queue: allow for both. */
const LIVE_MS = 20_000;

const bell = (page: Page, unread: number) =>
  accountNav(page).getByRole('link', { name: unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`, exact: true });

/** Books `line` through the wheelbarrow, checkout and the card form, signed in on `page`. */
async function bookInBrowser(page: Page, line: PlannedLine, payer: string): Promise<void> {
  await addToWheelbarrow(page, line);
  await wheelbarrowBar(page).getByRole('link', { name: 'Proceed to Checkout', exact: true }).click();
  await waitForPath(page, '/checkout');
  const toPayment = page.getByRole('main').getByRole('button', { name: 'Continue to Payment', exact: true });
  await waitUntil(() => toPayment.isEnabled(), 'Continue to Payment usable with a saved address');
  await toPayment.click();
  await waitForPath(page, '/payment-selection');
  await page.getByRole('main').getByRole('link', { name: 'Credit or debit card', exact: true }).click();
  await waitForPath(page, '/payment/card');
  const form = cardForm(page);
  await fillCard(form, TEST_CARDS.success, today, payer);
  await form.getByRole('button', { name: /^Pay / }).click();
  await waitForPath(page, '/payment-success');
}

describe('messages and notifications', () => {
  journey("a renter books; the owner's bell shows 1 without reloading; the owner opens it and replies; the renter sees the reply and the badge, then turns return reminders off", async ({ page, baseUrl }) => {
    const owner = await confirmedAccount(baseUrl, 'Owner');
    const renter = await confirmedAccount(baseUrl, 'Renter');
    const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Hedge trimmer', 'garden-tools'));
    await asRenter(baseUrl, renter, (r) => r.saveAddress(GOOD_ADDRESS));

    // The owner waits on My Items: nothing unread.
    await signInTo(page, owner, '/my-items');
    await waitForVisible(bell(page, 0));

    // The renter, in a browser of their own, books the item.
    const browser = page.context().browser();
    assert.ok(browser);
    const renterContext = await newContext(browser, baseUrl);
    const rp = await renterContext.newPage();
    try {
      await signInTo(rp, renter, '/category/all');
      await bookInBrowser(rp, await freshLine(api, item, today), renter.name);

      // The owner's bell shows it without a reload.
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      await waitForVisible(bell(page, 1), LIVE_MS);
      assert.deepEqual(loads, [], 'the owner page was not reloaded');

      // The owner opens the notification: it is read, and it leads to the conversation with the renter.
      await bell(page, 1).click();
      await waitForPath(page, '/notifications');
      await waitForVisible(page.getByRole('tab', { name: 'My Items (1)', selected: true }));
      await expectNoAxeViolations(page, '/notifications');
      await page.getByRole('link', { name: new RegExp(`New booking: ${item.name}`) }).click();
      await waitForUrl(page, (url) => url.pathname === `/item/${item.id}/messages` && url.searchParams.has('with'), 'the conversation with the renter');
      await waitForVisible(page.getByRole('heading', { name: `Conversation with ${renter.name}` }));
      await waitForVisible(bell(page, 0), LIVE_MS);

      // The renter opens the item's messages from its popup.
      await rp.goto(`/category/${item.categoryId}/item/${item.id}`);
      await itemDialog(rp, item).getByRole('link', { name: 'Message the owner', exact: true }).click();
      await waitForPath(rp, `/item/${item.id}/messages`);
      await waitForVisible(rp.getByText(`No messages yet. Say hello to ${owner.name}.`));

      // The owner replies; the counter follows what is typed.
      const reply = 'Thanks for booking! Collection from 9am suits me.';
      const box = page.getByLabel(`Message to ${renter.name}`, { exact: true });
      await box.fill(reply);
      await waitForVisible(page.getByText(`${reply.length}/500`, { exact: true }));
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await waitForVisible(page.getByRole('log', { name: 'Conversation' }).getByText(reply, { exact: true }));
      await expectNoAxeViolations(page, '/item/{itemId}/messages');

      // The renter sees the reply appear without a reload, and their bell shows it.
      const renterLoads: string[] = [];
      rp.on('load', () => renterLoads.push(rp.url()));
      await waitForVisible(rp.getByRole('log', { name: 'Conversation' }).getByText(reply, { exact: true }), LIVE_MS);
      await waitForVisible(bell(rp, 1), LIVE_MS);
      assert.deepEqual(renterLoads, [], 'the renter page was not reloaded');

      // Shown to the renter, so the owner's message turns from Sent to Read.
      await waitForVisible(page.getByRole('log', { name: 'Conversation' }).getByText(/· Read$/), LIVE_MS);

      // The renter turns return reminders off in Preferences: saved at once, still off after a reload.
      await rp.goto('/profile?tab=preferences');
      const reminders = rp.getByRole('switch', { name: 'Return reminders', exact: true });
      await waitForVisible(reminders);
      assert.equal(await reminders.isChecked(), true, 'return reminders are on by default');
      assert.equal(await rp.getByRole('switch', { name: 'Marketing', exact: true }).isChecked(), false, 'marketing is off by default');
      await reminders.click();
      await waitForVisible(rp.getByText('Saved.', { exact: true }));
      await expectNoAxeViolations(rp, '/profile?tab=preferences');
      await rp.reload();
      await waitForVisible(reminders);
      assert.equal(await reminders.isChecked(), false, 'the change was saved');
    } finally {
      await renterContext.close();
    }
  });
});
