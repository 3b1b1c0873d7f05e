import { addDays, formatDate, formatPence, priceBasket, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { request, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectPath } from '../support/accounts.ts';
import { clickDay } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { inputOf, newItemEntry, ownerApi, signInTo } from '../support/owner-items.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { asRenter, bookThroughApi, futureExpiry, GOOD_ADDRESS, renterApi } from '../support/renter-api.ts';
import { ADDED_TOAST, itemDialog, wheelbarrowBar } from '../support/wheelbarrow.ts';

const today = todayInLondon();

// Development mode: accounts confirmed through the mailbox; a quick simulated card processor.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

/** Picks the dates on the item's popup and presses its booking button (`label`), waiting for the toast. */
async function pickAndAdd(page: Page, dialog: Locator, start: string, end: string, label: string): Promise<void> {
  await clickDay(dialog, start);
  await clickDay(dialog, end);
  const button = dialog.getByRole('button', { name: label, exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByRole('status').getByText(ADDED_TOAST, { exact: true })).toBeVisible();
}

/** From the wheelbarrow bar through checkout to a paid order, by card; returns the order id. */
async function payByCard(page: Page, payer: string): Promise<string> {
  await wheelbarrowBar(page).getByRole('link', { name: 'Proceed to Checkout', exact: true }).click();
  await expectPath(page, '/checkout');
  await page.getByRole('main').getByRole('button', { name: 'Continue to Payment', exact: true }).click();
  await expectPath(page, '/payment-selection');
  await page.getByRole('main').getByRole('link', { name: 'Credit or debit card', exact: true }).click();
  await expectPath(page, '/payment/card');
  const form = cardForm(page);
  await fillCard(form, TEST_CARDS.success, today, payer);
  await form.getByRole('button', { name: /^Pay / }).click();
  await expectPath(page, '/payment-success');
  return new URL(page.url()).searchParams.get('order') ?? '';
}

test.describe("owners' calendars", () => {
  test('a renter requests a request-only item; the owner accepts from the notification; the renter sees it upcoming', async ({
    page,
    secondPage,
    baseUrl,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Lender');
    const renter = await accounts.confirmed('Borrower');
    await signInTo(page, owner, '/my-items');
    const item = await ownerApi(page.request, baseUrl).createItem({
      ...inputOf(newItemEntry('Scaffold tower', 'power-tools')),
      bookingMode: 'request',
    });
    await asRenter(baseUrl, renter, (r) => r.saveAddress(GOOD_ADDRESS));

    // The renter asks for two days from the popup and pays: the card is authorised, not charged.
    await signInTo(secondPage, renter, '/my-rentals');
    await secondPage.goto(`/category/${item.categoryId}/item/${item.id}`);
    const dialog = itemDialog(secondPage, item);
    await expect(
      dialog.getByText('The owner accepts or declines within 24 hours; your card is charged only if they accept.'),
    ).toBeVisible();
    await pickAndAdd(secondPage, dialog, addDays(today, 2), addDays(today, 3), 'Request to book');
    await payByCard(secondPage, renter.name);
    const [requested] = await renterApi(secondPage.request, baseUrl).rentals();
    expect(requested).toMatchObject({ item: { id: item.id }, status: 'requested' });

    // The owner's notification leads to the rental, where they accept.
    await page.goto('/notifications');
    await page.getByRole('link', { name: new RegExp(`Request to book: ${item.name}`) }).click();
    await expectPath(page, `/rentals/${requested!.id}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Requested', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'rental page with a request to answer');
    await main.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(main.getByText('Upcoming', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);

    // The renter sees it upcoming, and their card has been charged for it.
    await secondPage.goto(`/rentals/${requested!.id}`);
    await expect(secondPage.getByRole('main').getByText('Upcoming', { exact: true })).toBeVisible();
    const [accepted] = await renterApi(secondPage.request, baseUrl).rentals();
    expect(accepted).toMatchObject({
      status: 'upcoming',
      paidPence: priceBasket([{ dailyRatePence: item.dailyRatePence, days: 2 }]).totalPence,
    });
  });

  test('a renter withdraws a request from its page: nothing is charged, the owner is told and the dates are free again', async ({
    page,
    secondPage,
    baseUrl,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Lender');
    const renter = await accounts.confirmed('Borrower');
    const other = await accounts.confirmed('Other');
    await signInTo(page, owner, '/my-items');
    const item = await ownerApi(page.request, baseUrl).createItem({
      ...inputOf(newItemEntry('Cement mixer', 'power-tools')),
      bookingMode: 'request',
    });
    const range = { startDate: addDays(today, 4), endDate: addDays(today, 5) };
    await bookThroughApi(baseUrl, renter, [{ item, range, days: 2 }], TEST_CARDS.success, today);

    await signInTo(secondPage, renter, '/my-rentals');
    const [requested] = await renterApi(secondPage.request, baseUrl).rentals();
    expect(requested).toMatchObject({ item: { id: item.id }, status: 'requested', actions: ['withdraw_request'] });
    await secondPage.goto(`/rentals/${requested!.id}`);
    const main = secondPage.getByRole('main');
    await main.getByRole('button', { name: 'Withdraw request', exact: true }).click();
    const confirm = secondPage.getByRole('dialog', { name: `Withdraw your request for ${item.name}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Withdraw request', exact: true }).click();
    await expect(secondPage.getByRole('status').getByText('Request withdrawn: nothing was charged', { exact: true })).toBeVisible();
    await expect(main.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Withdraw request', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(secondPage, 'rental page of a withdrawn request');
    const [withdrawn] = await renterApi(secondPage.request, baseUrl).rentals();
    expect(withdrawn).toMatchObject({ id: requested!.id, status: 'cancelled', actions: [] });

    // The owner is told, and the rental page offers nothing to answer.
    await page.goto('/notifications');
    await page.getByRole('link', { name: new RegExp(`Request withdrawn: ${item.name}`) }).click();
    await expectPath(page, `/rentals/${requested!.id}`);
    await expect(page.getByRole('main').getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);

    // The same days can be asked for by someone else at once.
    await bookThroughApi(baseUrl, other, [{ item, range, days: 2 }], TEST_CARDS.success, today);
    const theirs = await asRenter(baseUrl, other, async (r) => (await r.rentals()).find((x) => x.item.id === item.id));
    expect(theirs).toMatchObject({ status: 'requested', startDate: range.startDate, endDate: range.endDate });
  });

  test('an active rental extended by two days from its page, paid by card', async ({ page, baseUrl, accounts }) => {
    const owner = await accounts.confirmed('Lender');
    const renter = await accounts.confirmed('Borrower');
    const ctx = await signInOwnerApi(baseUrl, owner);
    const item = await ownerApi(ctx, baseUrl).createItem(inputOf(newItemEntry('Pressure washer', 'garden-tools')));
    await ctx.dispose();
    await bookThroughApi(
      baseUrl,
      renter,
      [{ item, range: { startDate: today, endDate: addDays(today, 1) }, days: 2 }],
      TEST_CARDS.success,
      today,
    );
    await signInTo(page, renter, '/my-rentals');
    const [rental] = await renterApi(page.request, baseUrl).rentals();
    expect(rental!.status).toBe('active');

    await page.goto(`/rentals/${rental!.id}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Extend rental', exact: true }).click();
    const form = main.getByRole('form', { name: 'Extend your rental' });
    const newEnd = addDays(today, 3);
    await form.getByLabel('New end date', { exact: true }).fill(newEnd);
    const before = priceBasket([{ dailyRatePence: item.dailyRatePence, days: 2 }]);
    const after = priceBasket([{ dailyRatePence: item.dailyRatePence, days: 4 }]);
    const extra = formatPence(after.totalPence - before.totalPence);
    await expect(form.getByText(new RegExp(`^The extra days cost ${extra.replace('.', '\\.')}`))).toBeVisible();
    await form.getByLabel('Card number', { exact: true }).fill(TEST_CARDS.success);
    await form.getByLabel('Expiry (MM/YY)', { exact: true }).fill(futureExpiry(today));
    await form.getByLabel('Security code', { exact: true }).fill('123');
    await form.getByLabel('Name on card', { exact: true }).fill(renter.name);
    await expectNoAxeViolations(page, 'rental page extending');
    await form.getByRole('button', { name: `Pay ${extra} and extend`, exact: true }).click();
    await expect(page.getByRole('status').getByText(`Extended until ${formatDate(newEnd)}`, { exact: true })).toBeVisible();
    await expect(main.getByText(`${formatDate(today)} to ${formatDate(newEnd)}`)).toBeVisible();
    const [extended] = await renterApi(page.request, baseUrl).rentals();
    expect(extended).toMatchObject({ endDate: newEnd, days: 4, paidPence: after.totalPence });
  });

  test('a weekly price shown in the popup and charged for a 9-day rental', async ({ page, baseUrl, accounts }) => {
    const owner = await accounts.confirmed('Lender');
    const renter = await accounts.confirmed('Borrower');
    const ctx = await signInOwnerApi(baseUrl, owner);
    const entry = { ...newItemEntry('Cement mixer', 'garden-tools'), maxDays: '14' };
    const item = await ownerApi(ctx, baseUrl).createItem({ ...inputOf(entry), weeklyRatePence: 5000 });
    await ctx.dispose();
    await asRenter(baseUrl, renter, (r) => r.saveAddress(GOOD_ADDRESS));

    await signInTo(page, renter, '/my-rentals');
    await page.goto(`/category/${item.categoryId}/item/${item.id}`);
    const dialog = itemDialog(page, item);
    await expect(dialog.getByText('£50.00 per week', { exact: true }).first()).toBeVisible();
    const start = addDays(today, 2);
    const end = addDays(start, 8);
    await clickDay(dialog, start);
    await clickDay(dialog, end);
    const price = priceBasket([{ dailyRatePence: item.dailyRatePence, weeklyRatePence: 5000, days: 9 }]);
    await expect(dialog.getByText('1 week × £50.00', { exact: true })).toBeVisible();
    await expect(dialog.getByText(`2 days × ${formatPence(item.dailyRatePence)}`, { exact: true })).toBeVisible();
    await expect(
      dialog
        .getByRole('definition')
        .filter({ hasText: formatPence(price.totalPence) })
        .last(),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'popup with a weekly price');
    await dialog.getByRole('button', { name: 'Add to Wheelbarrow', exact: true }).click();
    await expect(page.getByRole('status').getByText(ADDED_TOAST, { exact: true })).toBeVisible();
    await payByCard(page, renter.name);
    await expect(page.getByRole('main')).toContainText(`charged ${formatPence(price.totalPence)}`);
    const [rental] = await renterApi(page.request, baseUrl).rentals();
    const order = (await (await page.request.get(`${baseUrl}/api/orders/${rental!.orderId}`)).json()) as Order;
    expect(order).toMatchObject({
      subtotalPence: price.subtotalPence,
      serviceFeePence: price.serviceFeePence,
      totalPence: price.totalPence,
    });
  });
});

/** A request context signed in as `owner`, for listing items straight through the API. */
async function signInOwnerApi(baseUrl: string, owner: { email: string; password: string }) {
  const ctx = await request.newContext();
  const res = await ctx.post(`${baseUrl}/api/auth/sign-in/email`, {
    headers: { origin: baseUrl },
    data: { email: owner.email, password: owner.password },
  });
  if (!res.ok()) throw new Error(`Sign-in of ${owner.email} answered ${res.status()}`);
  return ctx;
}
