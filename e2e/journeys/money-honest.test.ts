import { addDays, formatLinePrice, formatPence, priceBasket, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { request } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { readMailbox, waitForMail } from '../support/mailbox.ts';
import { expectPath } from '../support/accounts.ts';
import { clickDay } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { inputOf, newItemEntry, ownerApi, signInTo } from '../support/owner-items.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { asRenter, GOOD_ADDRESS } from '../support/renter-api.ts';
import { ADDED_TOAST, itemDialog, listItemNaming, wheelbarrowBar } from '../support/wheelbarrow.ts';

const today = todayInLondon();

// Development mode: accounts confirmed through the mailbox; a quick simulated card processor.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

/** A request context signed in as `account`, for the other side's actions straight through the API. */
async function signedInApi(baseUrl: string, account: { email: string; password: string }) {
  const ctx = await request.newContext();
  const res = await ctx.post(`${baseUrl}/api/auth/sign-in/email`, {
    headers: { origin: baseUrl },
    data: { email: account.email, password: account.password },
  });
  if (!res.ok()) throw new Error(`Sign-in of ${account.email} answered ${res.status()}`);
  return ctx;
}

const SCREENS = [
  { name: 'a desktop (1280 x 900)', width: 1280, height: 900 },
  { name: 'a phone (390 x 844)', width: 390, height: 844 },
];

for (const screen of SCREENS) {
  test.describe(`money shown honestly on ${screen.name}`, () => {
    test('a weekly-priced booking is explained as weeks and days in the wheelbarrow, checkout, the rental page and the extension quote', async ({
      page,
      baseUrl,
      accounts,
    }) => {
      const owner = await accounts.confirmed('Lender');
      const renter = await accounts.confirmed('Borrower');
      await signInTo(page, owner, '/my-items');
      const entry = { ...newItemEntry('Wheelbarrow', 'garden-tools'), maxDays: '21' };
      const item = await ownerApi(page.request, baseUrl).createItem({ ...inputOf(entry), weeklyRatePence: 4000 });
      await page.context().clearCookies();
      await asRenter(baseUrl, renter, (r) => r.saveAddress(GOOD_ADDRESS));
      const start = addDays(today, 2);
      const end = addDays(start, 8);
      const breakdown = formatLinePrice(item.dailyRatePence, 9, 4000);
      const price = priceBasket([{ dailyRatePence: item.dailyRatePence, weeklyRatePence: 4000, days: 9 }]);
      expect(breakdown).toMatch(/^1 week £40\.00 \+ 2 days /);

      // Signed in at the default size (the phone's menu hides the account links signInTo checks).
      await signInTo(page, renter, '/my-rentals');
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto(`/category/${item.categoryId}/item/${item.id}`);
      const dialog = itemDialog(page, item);
      await clickDay(dialog, start);
      await clickDay(dialog, end);
      await dialog.getByRole('button', { name: 'Add to Wheelbarrow', exact: true }).click();
      await expect(page.getByRole('status').getByText(ADDED_TOAST, { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');

      // The wheelbarrow's details: the line as weeks and days.
      const bar = wheelbarrowBar(page);
      await bar.getByRole('button', { name: 'Show details' }).click();
      await expect(bar.getByText(breakdown, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'wheelbarrow details with a weekly price');

      // Checkout: the same words, and the total they add up to.
      await bar.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await expectPath(page, '/checkout');
      const summary = page.getByRole('main').getByRole('region', { name: 'Rental summary' });
      const line = listItemNaming(summary, item.name);
      await expect(line.getByText(breakdown, { exact: true })).toBeVisible();
      await expect(line.getByText(formatPence(price.subtotalPence), { exact: true })).toBeVisible();
      await expect(line.getByText('Daily rate')).toHaveCount(0);
      await expectNoAxeViolations(page, 'checkout with a weekly price');

      await page.getByRole('main').getByRole('button', { name: 'Continue to Payment', exact: true }).click();
      await page.getByRole('main').getByRole('link', { name: 'Credit or debit card', exact: true }).click();
      const form = cardForm(page);
      await fillCard(form, TEST_CARDS.success, today, renter.name);
      await form.getByRole('button', { name: /^Pay / }).click();
      await expectPath(page, '/payment-success');

      // The rental page: Price in weeks and days, then the extension quote for the longer rental.
      await page.goto('/my-rentals');
      await page.getByRole('main').getByRole('link', { name: item.name }).first().click();
      const main = page.getByRole('main');
      const definitionOf = (term: string) =>
        main
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${term}$`) })
          .locator('xpath=following-sibling::dd[1]');
      await expect(definitionOf('Price')).toHaveText(breakdown);
      await expect(definitionOf('Total')).toHaveText(formatPence(price.subtotalPence));
      await expect(definitionOf('Paid with service fee')).toHaveText(formatPence(price.totalPence));
      await expect(main.getByRole('term').filter({ hasText: /^Daily rate$/ })).toHaveCount(0);
      await main.getByRole('button', { name: 'Extend rental', exact: true }).click();
      const extend = main.getByRole('form', { name: 'Extend your rental' });
      await extend.getByLabel('New end date').fill(addDays(end, 5));
      await expect(extend.getByText(formatLinePrice(item.dailyRatePence, 14, 4000), { exact: false })).toBeVisible();
      await expect(extend.getByText('2 weeks £80.00', { exact: false })).toBeVisible();
      await expectNoAxeViolations(page, 'rental page with a weekly price and its extension quote');
    });

    test('a request is named a request: checkout marks it, the success page says "Request sent", and its receipt comes only when the owner accepts', async ({
      page,
      baseUrl,
      accounts,
    }) => {
      const owner = await accounts.confirmed('Lender');
      const renter = await accounts.confirmed('Borrower');
      const ownerCtx = await signedInApi(baseUrl, owner);
      const item = await ownerApi(ownerCtx, baseUrl).createItem({
        ...inputOf(newItemEntry('Scaffold tower', 'power-tools')),
        bookingMode: 'request',
      });
      await asRenter(baseUrl, renter, (r) => r.saveAddress(GOOD_ADDRESS));
      const start = addDays(today, 3);
      const end = addDays(start, 1);
      const price = priceBasket([{ dailyRatePence: item.dailyRatePence, days: 2 }]);

      await signInTo(page, renter, '/my-rentals');
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto(`/category/${item.categoryId}/item/${item.id}`);
      const dialog = itemDialog(page, item);
      await clickDay(dialog, start);
      await clickDay(dialog, end);
      await dialog.getByRole('button', { name: 'Request to book', exact: true }).click();
      await expect(page.getByRole('status').getByText(ADDED_TOAST, { exact: true })).toBeVisible();
      await page.goto('/checkout');
      const summary = page.getByRole('main').getByRole('region', { name: 'Rental summary' });
      await expect(
        listItemNaming(summary, item.name).getByText('Request: the owner has 24 hours to accept; held, not charged', { exact: true }),
      ).toBeVisible();
      await expectNoAxeViolations(page, 'checkout with a request line');

      await page.getByRole('main').getByRole('button', { name: 'Continue to Payment', exact: true }).click();
      await page.getByRole('main').getByRole('link', { name: 'Credit or debit card', exact: true }).click();
      const form = cardForm(page);
      await fillCard(form, TEST_CARDS.success, today, renter.name);
      await form.getByRole('button', { name: /^Pay / }).click();
      await expectPath(page, '/payment-success');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Request sent' })).toBeVisible();
      await expect(
        main.getByText(`${formatPence(price.totalPence)} is held on your Visa ending 4242, not charged`, { exact: false }),
      ).toBeVisible();
      await expect(main.getByText(/We have booked/)).toHaveCount(0);
      await expectNoAxeViolations(page, 'success page of a request');

      // The owner has been told (so the checkout's jobs have run), and the renter has no receipt yet.
      await waitForMail(baseUrl, { to: owner.email, subject: `Request to book: ${item.name}` });
      const receipt = `Your Toolshed receipt: ${formatPence(price.totalPence)}`;
      expect((await readMailbox(baseUrl)).filter((m) => m.to === renter.email && m.subject.startsWith('Your Toolshed receipt'))).toEqual(
        [],
      );

      // The owner accepts: now the receipt comes, for what was charged.
      const rentals = (await (await page.request.get(`${baseUrl}/api/me/rentals`)).json()) as { rentals: Array<{ id: string }> };
      const accepted = await ownerCtx.post(`${baseUrl}/api/rentals/${rentals.rentals[0]!.id}/accept`, {
        headers: { origin: baseUrl },
        data: {},
      });
      expect(accepted.ok(), await accepted.text()).toBe(true);
      await ownerCtx.dispose();
      await waitForMail(baseUrl, { to: renter.email, subject: receipt });
    });

    test('a deposit is shown where the renter pays: the card page, the success page and the rental page say what is charged and what is held', async ({
      page,
      baseUrl,
      accounts,
    }) => {
      const owner = await accounts.confirmed('Lender');
      const renter = await accounts.confirmed('Borrower');
      const ownerCtx = await signedInApi(baseUrl, owner);
      const item = await ownerApi(ownerCtx, baseUrl).createItem({
        ...inputOf(newItemEntry('Cement mixer', 'garden-tools')),
        depositPence: 5000,
      });
      await ownerCtx.dispose();
      await asRenter(baseUrl, renter, (r) => r.saveAddress(GOOD_ADDRESS));
      const start = addDays(today, 3);
      const price = priceBasket([{ dailyRatePence: item.dailyRatePence, days: 2 }]);
      const said = `${formatPence(price.totalPence)} charged and £50.00 held, released after the return unless a problem is reported`;

      await signInTo(page, renter, '/my-rentals');
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto(`/category/${item.categoryId}/item/${item.id}`);
      const dialog = itemDialog(page, item);
      await clickDay(dialog, start);
      await clickDay(dialog, addDays(start, 1));
      await dialog.getByRole('button', { name: 'Add to Wheelbarrow', exact: true }).click();
      await expect(page.getByRole('status').getByText(ADDED_TOAST, { exact: true })).toBeVisible();
      await page.goto('/checkout');
      await page.getByRole('main').getByRole('button', { name: 'Continue to Payment', exact: true }).click();
      await page.getByRole('main').getByRole('link', { name: 'Credit or debit card', exact: true }).click();
      await expectPath(page, '/payment/card');
      const kept =
        "Your card is kept by our payment processor for this booking's deposit, which is held on it from a day before the rental starts.";
      await expect(page.getByRole('main').getByText(`${said}. ${kept}`, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'card page with a deposit');
      const form = cardForm(page);
      await fillCard(form, TEST_CARDS.success, today, renter.name);
      await form.getByRole('button', { name: /^Pay / }).click();
      await expectPath(page, '/payment-success');
      await expect(page.getByRole('main').getByText(`${said}.`, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'success page with a deposit');

      await page.goto('/my-rentals');
      await page.getByRole('main').getByRole('link', { name: item.name }).first().click();
      await expect(page.getByRole('main').getByText(said, { exact: true })).toBeVisible();
    });
  });
}
