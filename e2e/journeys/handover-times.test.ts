import { TEST_CARDS, addDays, formatDate, todayInLondon } from '@toolshed/core';
import type { Page } from '@playwright/test';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { GOOD_ADDRESS, asRenter, renterApi } from '../support/renter-api.ts';
import { clickDay } from '../support/calendar.ts';
import { ADDED_TOAST, itemDialog, openItemFromGrid, signInFromBar } from '../support/wheelbarrow.ts';

const SCREENS = [
  { name: 'a desktop (1280 x 900)', width: 1280, height: 900 },
  { name: 'a phone (390 x 844)', width: 390, height: 844 },
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

// Development mode for /dev/mailbox (sign-up confirmations), a quick simulated card processor.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

/** The owner sets 10:00 to 12:00 and 17:00 to 18:00 on every day of the week on their profile. */
async function setMorningHours(page: Page) {
  const section = page.getByRole('region', { name: 'Handover hours' });
  await expect(section.getByText(/08:00 to 20:00 every day applies/)).toBeVisible();
  for (const day of WEEKDAYS) {
    const group = section.getByRole('group', { name: day, exact: true });
    await expect(group.getByRole('combobox', { name: `From (${day}, range 1)` })).toHaveValue('08:00');
    await group.getByRole('combobox', { name: `From (${day}, range 1)` }).selectOption('10:00');
    await group.getByRole('combobox', { name: `to (${day}, range 1)` }).selectOption('12:00');
    await group.getByRole('button', { name: `Add hours on ${day}`, exact: true }).click();
    await group.getByRole('combobox', { name: `From (${day}, range 2)` }).selectOption('17:00');
    await group.getByRole('combobox', { name: `to (${day}, range 2)` }).selectOption('18:00');
  }
  await section.getByRole('button', { name: 'Save handover hours', exact: true }).click();
  await expect(section.getByText('Your handover hours have been saved.', { exact: true })).toBeVisible();
}

for (const screen of SCREENS) {
  test.describe(`handover times on ${screen.name}`, () => {
    test('an owner sets hours, the renter picks times in them at checkout and sees them on the rental page', async ({
      page,
      secondPage,
      baseUrl,
      accounts,
    }) => {
      await secondPage.setViewportSize({ width: screen.width, height: screen.height });
      const owner = await accounts.confirmed('Owner');
      const renter = await accounts.confirmed('Renter');
      const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Hedge trimmer', 'garden-tools'));
      await asRenter(baseUrl, renter, (r) => r.saveAddress(GOOD_ADDRESS));

      // Signed in at the desktop size (the account links fold into a menu on a phone), then the screen asked for.
      await signInTo(page, owner, '/profile');
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await setMorningHours(page);
      await expectNoAxeViolations(page, `the handover hours on ${screen.name}`);

      // The renter books two days a week ahead and picks times from the owner's hours.
      const today = todayInLondon();
      const range = { startDate: addDays(today, 7), endDate: addDays(today, 8) };
      const dialog = await openItemFromGrid(secondPage, item, `?search=${encodeURIComponent(item.name)}`);
      // The popup says when the owner hands over, both ranges of every day on one line.
      const handsOver = dialog.getByRole('heading', { name: 'Hands over (London time)' });
      await expect(handsOver).toBeVisible();
      const hours = handsOver.locator('xpath=following-sibling::dl[1]');
      await expect(hours.getByRole('definition')).toHaveText(['10:00–12:00, 17:00–18:00']);
      await expect(hours.getByRole('term')).toHaveText(['Mon–SunMonday to Sunday']);
      await expectNoAxeViolations(secondPage, `the item popup with the owner's hours on ${screen.name}`);
      await clickDay(dialog, range.startDate);
      await clickDay(dialog, range.endDate);
      await dialog.getByRole('button', { name: 'Add to Wheelbarrow', exact: true }).click();
      await expect(itemDialog(secondPage, item)).toBeHidden();
      await expect(secondPage.getByRole('status').getByText(ADDED_TOAST, { exact: true })).toBeVisible();
      await signInFromBar(secondPage, renter);
      const main = secondPage.getByRole('main');
      const times = main.getByRole('group', { name: `Handover times for ${item.name} (London time)` });
      const pickup = times.getByLabel(`Pick-up on ${formatDate(range.startDate)}`);
      const back = times.getByLabel(`Return on ${formatDate(range.endDate)}`);
      await expect(pickup).toHaveValue('10:00');
      // The earliest pick-up and the latest return are chosen until the renter picks others; none between the ranges.
      await expect(back).toHaveValue('17:30');
      await expect(pickup.locator('option')).toHaveText(['Choose a time', '10:00', '10:30', '11:00', '11:30', '17:00', '17:30']);
      await pickup.selectOption('10:30');
      await back.selectOption('11:00');
      await expectNoAxeViolations(secondPage, `checkout with handover times on ${screen.name}`);

      const toPayment = main.getByRole('button', { name: 'Continue to Payment', exact: true });
      await expect(toPayment).toBeEnabled();
      await toPayment.click();
      await expectPath(secondPage, '/payment-selection');
      await main.getByRole('link', { name: 'Credit or debit card', exact: true }).click();
      await expectPath(secondPage, '/payment/card');
      const form = cardForm(secondPage);
      await fillCard(form, TEST_CARDS.success, today, renter.name);
      await form.getByRole('button', { name: /^Pay £/ }).click();
      await expectPath(secondPage, '/payment-success');

      const rental = (await renterApi(secondPage.request, baseUrl).rentals()).find((r) => r.item.id === item.id);
      expect(rental, 'the booking is among the renter’s rentals').toBeTruthy();
      await secondPage.goto(`/rentals/${rental!.id}`);
      const section = secondPage.getByRole('region', { name: 'Handover times' });
      await expect(section.getByText(`${formatDate(range.startDate)}, 10:30 (London time)`, { exact: true })).toBeVisible();
      await expect(section.getByText(`${formatDate(range.endDate)}, 11:00 (London time)`, { exact: true })).toBeVisible();
      await expectNoAxeViolations(secondPage, `the rental page with its handover times on ${screen.name}`);

      // The renter proposes a new return time; the owner accepts it on their rental page.
      await section.getByRole('button', { name: 'Propose a new return time', exact: true }).click();
      await section.getByLabel(`New time on ${formatDate(range.endDate)}`).selectOption('11:30');
      await section.getByRole('button', { name: 'Propose', exact: true }).click();
      await expect(section.getByText(`You proposed 11:30; waiting for ${owner.name} to accept.`, { exact: true })).toBeVisible();
      await page.goto(`/rentals/${rental!.id}`);
      const theirs = page.getByRole('region', { name: 'Handover times' });
      await expect(theirs.getByText(`${renter.name} proposes 11:30 instead.`, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `a proposed time on ${screen.name}`);
      await theirs.getByRole('button', { name: 'Accept 11:30', exact: true }).click();
      await expect(theirs.getByText(`${formatDate(range.endDate)}, 11:30 (London time)`, { exact: true })).toBeVisible();
    });
  });
}
