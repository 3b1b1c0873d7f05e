import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { Page } from '@playwright/test';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { asRenter, GOOD_ADDRESS } from '../support/renter-api.ts';

const SIZES = [
  { name: 'computer', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// Development mode: accounts are confirmed through the mailbox, the server runs its jobs, and a quick card processor.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

/** The notice link once the queue has sent it (jobs run about once a second): the page is read again until it shows. */
async function noticeLink(page: Page, tab: 'items' | 'rentals', title: RegExp) {
  const link = page.getByRole('link', { name: title }).first();
  await expect(async () => {
    await page.goto(`/notifications?tab=${tab}`);
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return link;
}

test.describe('wanted posts', () => {
  for (const size of SIZES) {
    test(`a member asks for a ladder, a neighbour offers theirs, and the member books it through checkout (${size.name})`, async ({
      page,
      secondPage: ownerPage,
      baseUrl,
      accounts,
    }) => {
      const today = todayInLondon();
      const asker = await accounts.confirmed('Asker');
      const lender = await accounts.confirmed('Lender');
      const ladder = await listItemThroughApi(baseUrl, lender, newItemEntry('Step ladder', 'diy-hand-tools'));
      await asRenter(baseUrl, asker, (r) => r.saveAddress(GOOD_ADDRESS));
      const title = `Ladder for the weekend ${Date.now().toString(36)}`;
      const startDate = addDays(today, 3);
      const endDate = addDays(today, 4);

      // Browsing finds nothing: the empty state offers to ask the neighbours.
      await signInTo(page, asker, '/category/all');
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/category/all?search=qqxjzv');
      await expect(page.getByText('No items found matching your criteria')).toBeVisible();
      await page.getByRole('link', { name: "Can't find it? Ask your neighbours", exact: true }).click();
      await expectPath(page, '/wanted/new');
      await page.getByLabel('What do you need?', { exact: true }).fill(title);
      await page.getByLabel('Category', { exact: true }).selectOption('diy-hand-tools');
      await page.getByLabel('Where', { exact: true }).fill('LS6 2AB');
      await page.getByLabel('Within', { exact: true }).selectOption('5');
      await page.getByLabel('From', { exact: true }).fill(startDate);
      await page.getByLabel('Until', { exact: true }).fill(endDate);
      await page.getByLabel('Up to a daily price of (£, optional)', { exact: true }).fill('20');
      await expectNoAxeViolations(page, `the wanted form (${size.name})`);
      await page.getByRole('button', { name: 'Ask your neighbours', exact: true }).click();
      await expect(page).toHaveURL(/\/wanted\/[0-9a-f-]{36}$/);
      const postPath = new URL(page.url()).pathname;
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(main.getByText('Near LS6, within 5 miles', { exact: false })).toBeVisible();
      await expect(main.getByText('No offers yet', { exact: false })).toBeVisible();
      await expect(main).not.toContainText('LS6 2AB');
      await expectNoAxeViolations(page, `a new wanted post (${size.name})`);

      // The lender, with a ladder near, is told; the notice opens the post, and they offer the ladder.
      await signInTo(ownerPage, lender, '/my-items');
      await ownerPage.setViewportSize({ width: size.width, height: size.height });
      const told = await noticeLink(ownerPage, 'items', new RegExp(`wants: ${title}`));
      await expectNoAxeViolations(ownerPage, `notifications with a wanted post (${size.name})`);
      await told.click();
      await expectPath(ownerPage, postPath);
      const offerForm = ownerPage.getByRole('region', { name: 'Offer one of your items' });
      await expect(offerForm.getByLabel('Your item', { exact: true })).toContainText(ladder.name);
      await expect(offerForm.getByRole('link', { name: 'List a new item for this', exact: true })).toHaveAttribute('href', '/add-item');
      await expectNoAxeViolations(ownerPage, `a wanted post for an owner (${size.name})`);
      await offerForm.getByLabel('Your item', { exact: true }).selectOption(ladder.id);
      await offerForm.getByRole('button', { name: 'Offer this item', exact: true }).click();
      await expect(offerForm.getByText(`You offered ${ladder.name}.`, { exact: false })).toBeVisible();
      // The owners' list near the lender's place shows the post with its offer.
      await ownerPage.goto('/wanted');
      await ownerPage.getByLabel('Near', { exact: true }).fill('Leeds');
      await ownerPage.getByRole('button', { name: 'Show posts', exact: true }).click();
      await expect(ownerPage.getByRole('link', { name: `Offer an item for ${title}`, exact: true })).toBeVisible();
      await expectNoAxeViolations(ownerPage, `wanted posts near Leeds (${size.name})`);

      // The asker is told of the offer, sees it priced for the dates, and books it through checkout.
      const offered = await noticeLink(page, 'rentals', new RegExp(`offered their ${ladder.name} for your wanted post`));
      await offered.click();
      await expectPath(page, postPath);
      const offers = page.getByRole('region', { name: 'Offers' });
      const entry = offers.getByRole('listitem').filter({ hasText: ladder.name });
      await expect(entry).toContainText('£12.50 a day');
      await expect(entry).toContainText('£25.00 for 2 days');
      await expect(entry).toContainText('miles away');
      await expectNoAxeViolations(page, `the offers on a wanted post (${size.name})`);
      await entry.getByRole('button', { name: `Book ${ladder.name}`, exact: true }).click();
      await expectPath(page, '/checkout');
      const toPayment = main.getByRole('button', { name: 'Continue to Payment', exact: true });
      await expect(toPayment).toBeEnabled();
      await toPayment.click();
      await expectPath(page, '/payment-selection');
      await main.getByRole('link', { name: 'Credit or debit card', exact: true }).click();
      await expectPath(page, '/payment/card');
      const form = cardForm(page);
      await fillCard(form, TEST_CARDS.success, today, asker.name);
      await form.getByRole('button', { name: /^Pay / }).click();
      await expectPath(page, '/payment-success');
      await expect(main.getByRole('region', { name: 'Your rentals' })).toContainText(ladder.name);

      // My wanted posts lists it; its author closes it.
      await page.goto('/my-wanted');
      await expect(main.getByRole('link', { name: title, exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `my wanted posts (${size.name})`);
      await main.getByRole('link', { name: title, exact: true }).click();
      await main.getByRole('button', { name: 'Close this post', exact: true }).click();
      await expect(main.getByText('Closed', { exact: false })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Close this post', exact: true })).toHaveCount(0);
    });
  }
});
