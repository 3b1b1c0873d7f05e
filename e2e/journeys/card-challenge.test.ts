import { DECLINE_MESSAGES, TEST_CARDS } from '@toolshed/core';
import type { Page } from '@playwright/test';
import { expectPath, type Account } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { freshLine, planBooking, shownPrices, stillFree, type BookingPlan, type PlannedLine } from '../support/booking-plan.ts';
import { loadCatalogue } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { GOOD_ADDRESS, asRenter, renterApi } from '../support/renter-api.ts';
import { fillWheelbarrow, signInFromBar } from '../support/wheelbarrow.ts';

const SCREENS = [
  { name: 'a desktop (1280 x 900)', width: 1280, height: 900 },
  { name: 'a phone (390 x 844)', width: 390, height: 844 },
];
const PAYMENT_FAILED = 'Payment failed. Please try again.';

// Development mode for /dev/mailbox (sign-up confirmations) and a quick simulated card processor.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

let today: string;
let plan: BookingPlan;
test.beforeAll(async ({ api }) => {
  const catalogue = await loadCatalogue(api);
  today = catalogue.today;
  plan = await planBooking(api, catalogue);
});

/** One item on free dates in the wheelbarrow, signed in, on the card page; answers the line. */
async function toCardPage(page: Page, api: Parameters<typeof freshLine>[0], account: Account): Promise<PlannedLine> {
  const line = await freshLine(api, plan.first, today);
  await fillWheelbarrow(page, [line]);
  await signInFromBar(page, account);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Continue to Payment', exact: true }).click();
  await expectPath(page, '/payment-selection');
  await main.getByRole('link', { name: 'Credit or debit card', exact: true }).click();
  await expectPath(page, '/payment/card');
  return line;
}

/** Pays with the challenge card and lands on the simulated bank's page. */
async function payToTheBank(page: Page, line: PlannedLine, account: Account): Promise<void> {
  const form = cardForm(page);
  await fillCard(form, TEST_CARDS.challenge, today, account.name);
  await form.getByRole('button', { name: `Pay ${shownPrices([line]).total}`, exact: true }).click();
  await expect(page).toHaveURL(/\/bank\/challenge\/[0-9a-f-]+$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Confirm your payment' })).toBeVisible();
  await expect(main.getByText('Simulated bank · test page: no real bank is involved', { exact: true })).toBeVisible();
  await expect(main.getByText('Visa ending 3184', { exact: true })).toBeVisible();
}

for (const screen of SCREENS) {
  test.describe(`a card whose bank asks to confirm, on ${screen.name}`, () => {
    test('approved at the bank: back on the payment page, confirmed, and booked once', async ({ page, baseUrl, api, accounts }) => {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      const account = await accounts.confirmed('Challenged');
      await asRenter(baseUrl, account, (renter) => renter.saveAddress(GOOD_ADDRESS));
      const line = await toCardPage(page, api, account);
      await payToTheBank(page, line, account);
      await expectNoAxeViolations(page, `the bank's page on ${screen.name}`);

      await page.getByRole('main').getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(page.getByRole('main').getByText('Payment confirmed', { exact: true })).toBeVisible();
      await expectPath(page, '/payment-success');
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
      await expectNoAxeViolations(page, `the booking after the bank's check on ${screen.name}`);
      const rentals = await renterApi(page.request, baseUrl).rentals();
      expect(rentals.map((r) => `${r.item.id} ${r.startDate} ${r.endDate}`)).toEqual([
        `${line.item.id} ${line.range.startDate} ${line.range.endDate}`,
      ]);

      // The back button returns to the payment page, which answers the same order and books nothing more.
      await page.goBack();
      await expect(page).toHaveURL(/\/payment\/card\?attempt=/);
      await expect(page.getByRole('main').getByText('Payment confirmed', { exact: true })).toBeVisible();
      await expectPath(page, '/payment-success');
      expect(await renterApi(page.request, baseUrl).rentals()).toHaveLength(1);
    });

    test("failed at the bank: the payment page says so in the spec's words and nothing is booked", async ({
      page,
      baseUrl,
      api,
      accounts,
    }) => {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      const account = await accounts.confirmed('Refused');
      await asRenter(baseUrl, account, (renter) => renter.saveAddress(GOOD_ADDRESS));
      const line = await toCardPage(page, api, account);
      await payToTheBank(page, line, account);

      await page.getByRole('main').getByRole('button', { name: 'Fail', exact: true }).click();
      await expect(page).toHaveURL(/\/payment\/card\?attempt=/);
      const alert = page.getByRole('main').getByRole('alert');
      await expect(alert.getByText(PAYMENT_FAILED, { exact: true })).toBeVisible();
      await expect(alert.getByText(DECLINE_MESSAGES.authentication_failed, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `the failed bank check on ${screen.name}`);
      expect(await renterApi(page.request, baseUrl).rentals()).toEqual([]);
      expect(await stillFree(api, line.item.id, line.range), 'the dates are free after the failed check').toBe(true);

      // Paying again starts afresh on the card form.
      await page.getByRole('main').getByRole('button', { name: 'Try again', exact: true }).click();
      await expect(cardForm(page)).toBeVisible();
    });
  });
}
