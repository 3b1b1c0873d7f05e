import { TEST_CARDS } from '@toolshed/core';
import type { Page } from '@playwright/test';
import { accountNav, expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { freshLine, type PlannedLine } from '../support/booking-plan.ts';
import { loadCatalogue } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { GOOD_ADDRESS, asRenter } from '../support/renter-api.ts';
import { addToWheelbarrow, itemDialog, wheelbarrowBar } from '../support/wheelbarrow.ts';

let today: string;

// Development mode for /dev/mailbox (sign-up confirmations), a quick simulated card processor.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

test.beforeAll(async ({ api }) => {
  today = (await loadCatalogue(api)).today;
});

/** The badge polls every few seconds and notices go through the job queue: allow for both. */
const LIVE_MS = 20_000;

const bell = (page: Page, unread: number) =>
  accountNav(page).getByRole('link', { name: unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`, exact: true });

/** Books `line` through the wheelbarrow, checkout and the card form, signed in on `page`. */
async function bookInBrowser(page: Page, line: PlannedLine, payer: string): Promise<void> {
  await addToWheelbarrow(page, line);
  await wheelbarrowBar(page).getByRole('link', { name: 'Proceed to Checkout', exact: true }).click();
  await expectPath(page, '/checkout');
  const toPayment = page.getByRole('main').getByRole('button', { name: 'Continue to Payment', exact: true });
  await expect(toPayment, 'Continue to Payment usable with a saved address').toBeEnabled();
  await toPayment.click();
  await expectPath(page, '/payment-selection');
  await page.getByRole('main').getByRole('link', { name: 'Credit or debit card', exact: true }).click();
  await expectPath(page, '/payment/card');
  const form = cardForm(page);
  await fillCard(form, TEST_CARDS.success, today, payer);
  await form.getByRole('button', { name: /^Pay / }).click();
  await expectPath(page, '/payment-success');
}

test.describe('messages and notifications', () => {
  test("a renter books; the owner's bell shows 1 without reloading; the owner opens it and replies; the renter sees the reply and the badge, then turns return reminders off", async ({
    page,
    secondPage: rp,
    baseUrl,
    api,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Owner');
    const renter = await accounts.confirmed('Renter');
    const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Hedge trimmer', 'garden-tools'));
    await asRenter(baseUrl, renter, (r) => r.saveAddress(GOOD_ADDRESS));

    // The owner waits on My Items: nothing unread.
    await signInTo(page, owner, '/my-items');
    await expect(bell(page, 0)).toBeVisible();

    // The renter, in a browser of their own, books the item.
    await signInTo(rp, renter, '/category/all');
    await bookInBrowser(rp, await freshLine(api, item, today), renter.name);

    // The owner's bell shows it without a reload.
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await expect(bell(page, 1)).toBeVisible({ timeout: LIVE_MS });
    expect(loads, 'the owner page was not reloaded').toEqual([]);

    // The owner opens the notification: it is read, and it leads to the conversation with the renter.
    await bell(page, 1).click();
    await expectPath(page, '/notifications');
    await expect(page.getByRole('tab', { name: 'My Items (1)', selected: true })).toBeVisible();
    await expectNoAxeViolations(page, '/notifications');
    await page.getByRole('link', { name: new RegExp(`New booking: ${item.name}`) }).click();
    await expect(page, 'the conversation with the renter').toHaveURL(
      (url) => url.pathname === `/item/${item.id}/messages` && url.searchParams.has('with'),
    );
    await expect(page.getByRole('heading', { name: `Conversation with ${renter.name}` })).toBeVisible();
    await expect(bell(page, 0)).toBeVisible({ timeout: LIVE_MS });

    // The renter opens the item's messages from its popup.
    await rp.goto(`/category/${item.categoryId}/item/${item.id}`);
    await itemDialog(rp, item).getByRole('link', { name: 'Message the owner', exact: true }).click();
    await expectPath(rp, `/item/${item.id}/messages`);
    await expect(rp.getByText(`No messages yet. Say hello to ${owner.name}.`)).toBeVisible();

    // The owner replies; the counter follows what is typed.
    const reply = 'Thanks for booking! Collection from 9am suits me.';
    const box = page.getByLabel(`Message to ${renter.name}`, { exact: true });
    await box.fill(reply);
    await expect(page.getByText(`${reply.length}/500`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('log', { name: 'Conversation' }).getByText(reply, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, '/item/{itemId}/messages');

    // The renter sees the reply appear without a reload, and their bell shows it.
    const renterLoads: string[] = [];
    rp.on('load', () => renterLoads.push(rp.url()));
    await expect(rp.getByRole('log', { name: 'Conversation' }).getByText(reply, { exact: true })).toBeVisible({ timeout: LIVE_MS });
    await expect(bell(rp, 1)).toBeVisible({ timeout: LIVE_MS });
    expect(renterLoads, 'the renter page was not reloaded').toEqual([]);

    // Shown to the renter, so the owner's message turns from Sent to Read.
    await expect(page.getByRole('log', { name: 'Conversation' }).getByText(/· Read$/)).toBeVisible({ timeout: LIVE_MS });

    // The renter turns return reminders off in Preferences: saved at once, still off after a reload.
    await rp.goto('/profile?tab=preferences');
    const reminders = rp.getByRole('switch', { name: 'Return reminders', exact: true });
    await expect(reminders).toBeVisible();
    await expect(reminders, 'return reminders are on by default').toBeChecked();
    await expect(rp.getByRole('switch', { name: 'Marketing', exact: true }), 'marketing is off by default').not.toBeChecked();
    await reminders.click();
    await expect(rp.getByText('Saved.', { exact: true })).toBeVisible();
    await expectNoAxeViolations(rp, '/profile?tab=preferences');
    await rp.reload();
    await expect(reminders).toBeVisible();
    await expect(reminders, 'the change was saved').not.toBeChecked();
  });
});
