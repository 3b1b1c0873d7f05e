import { addDays, DECLINE_MESSAGES, formatDate, formatPence, londonTimeToInstant, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { DepositView } from '@toolshed/core/contract';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { followMailLink, waitForMail } from '../support/mailbox.ts';
import { inputOf, newItemEntry, ownerApi, signInTo } from '../support/owner-items.ts';
import { fillCard } from '../support/payment.ts';
import { asRenter, bookThroughApi } from '../support/renter-api.ts';

const SCREENS = [
  { name: 'a desktop (1280 x 900)', width: 1280, height: 900 },
  { name: 'a phone (390 x 844)', width: 390, height: 844 },
];

// Development mode for /dev/mailbox, a quick simulated card processor, and the development clock
// (POST /dev/clock) to reach the day before the rental, when its deposit is held.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300', DEV_CLOCK: 'true' } } });

// The server's clock, as it last said: each journey moves it on, and the next books from there.
let serverNow = Date.now();

for (const screen of SCREENS) {
  test.describe(`a deposit the saved card cannot hold, on ${screen.name}`, () => {
    test('declined off-session the day before: the renter follows the email to the rental, sees why and by when, gives another card, and the deposit is held', async ({
      page,
      secondPage,
      baseUrl,
      accounts,
    }) => {
      const owner = await accounts.confirmed('Lender');
      const renter = await accounts.confirmed('Borrower');
      await signInTo(secondPage, owner, '/my-items');
      const item = await ownerApi(secondPage.request, baseUrl).createItem({
        ...inputOf(newItemEntry('Tile cutter', 'garden-tools')),
        depositPence: 4000,
      });
      // Three days ahead, with a card whose bank asks for 3-D Secure: passed at checkout without a
      // challenge, declined when the deposit is held off-session, with nobody there to confirm it.
      const startDate = addDays(todayInLondon(new Date(serverNow)), 3);
      await bookThroughApi(
        baseUrl,
        renter,
        [{ item, range: { startDate, endDate: startDate }, days: 1 }],
        TEST_CARDS.frictionless,
        todayInLondon(),
      );
      const rental = await asRenter(baseUrl, renter, async (api) => (await api.rentals()).find((r) => r.item.id === item.id));
      expect(rental).toBeDefined();

      // To 01:00 London the day before the start: the hold is tried at midnight, and declined.
      const dayBefore = addDays(startDate, -1);
      const hours = Math.ceil((londonTimeToInstant(dayBefore, '01:00').getTime() - serverNow) / 3_600_000);
      const moved = await page.request.post(`${baseUrl}/dev/clock`, { headers: { origin: baseUrl }, data: { hours } });
      expect(moved.ok(), await moved.text()).toBe(true);
      serverNow = new Date(((await moved.json()) as { now: string }).now).getTime();
      const subject = `Deposit not held: ${item.name}`;
      const mail = await waitForMail(baseUrl, { to: renter.email, subject });
      expect(mail.text).toContain(`by 12:00 on ${formatDate(dayBefore)}`);

      // The renter, signed in (at the desktop size, where the account menu is open), follows the email's link to the rental page.
      await signInTo(page, renter, '/my-rentals');
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await followMailLink(page, { to: renter.email, subject });
      await expectPath(page, `/rentals/${rental!.id}`);
      const main = page.getByRole('main');
      const asked = main.getByRole('region', { name: 'Add another card for the deposit' });
      await expect(asked).toBeVisible();
      await expect(asked.getByText(DECLINE_MESSAGES.authentication_required)).toBeVisible();
      await expect(asked.getByText(`12:00 on ${formatDate(dayBefore)} (London time)`, { exact: false })).toBeVisible();
      await expectNoAxeViolations(page, `the rental asking for another card on ${screen.name}`);

      // A card the bank declines: its words, and the deposit still waits for a card.
      const form = asked.getByRole('form', { name: 'Card for the deposit' });
      const hold = form.getByRole('button', { name: `Hold the ${formatPence(4000)} deposit on this card`, exact: true });
      await fillCard(form, TEST_CARDS.declined, todayInLondon(), renter.name);
      await hold.click();
      await expect(form.getByText(`The deposit could not be held on this card. ${DECLINE_MESSAGES.declined}`)).toBeVisible();
      await expect(form.getByLabel('Card number', { exact: true })).toHaveValue('');
      await expectNoAxeViolations(page, `a declined deposit card on ${screen.name}`);

      // Another card that works: held, and the page says so without a reload.
      await fillCard(form, TEST_CARDS.success, todayInLondon(), renter.name);
      await hold.click();
      const deposit = main.getByRole('region', { name: 'Deposit and problems' });
      await expect(deposit.getByText(`${formatPence(4000)} deposit held on your card, not charged.`, { exact: true })).toBeVisible();
      await expect(asked).toHaveCount(0);
      await expectNoAxeViolations(page, `the deposit held on ${screen.name}`);
      const view = await page.request.get(`${baseUrl}/api/rentals/${rental!.id}/deposit`);
      expect(((await view.json()) as DepositView).hold).toMatchObject({ state: 'held', amountPence: 4000 });
    });
  });
}
