import { addDays, formatLinePrice, formatPence, priceBasket, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { expectNoAxeViolations } from '../support/axe.ts';
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
  });
}
