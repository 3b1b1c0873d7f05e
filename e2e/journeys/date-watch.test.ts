import { addDays, dateSpan, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { request, type Page } from '@playwright/test';
import type { Account } from '../support/accounts.ts';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';
import { asRenter, bookThroughApi } from '../support/renter-api.ts';
import { itemDialog } from '../support/wheelbarrow.ts';

const SIZES = [
  { name: 'computer', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// Development mode: accounts are confirmed through the mailbox, and the server runs its jobs.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

/** `account` cancels their rental through the API, as the My Rentals page does. */
async function cancelAs(baseUrl: string, account: Account, rentalId: string): Promise<void> {
  const requests = await request.newContext();
  try {
    const signIn = await requests.post(`${baseUrl}/api/auth/sign-in/email`, {
      headers: { origin: baseUrl },
      data: { email: account.email, password: account.password },
    });
    expect(signIn.ok(), `sign-in of ${account.email}`).toBe(true);
    const res = await requests.post(`${baseUrl}/api/rentals/${rentalId}/cancel`, { headers: { origin: baseUrl }, data: {} });
    expect(res.ok(), `cancel answered ${res.status()}: ${await res.text()}`).toBe(true);
  } finally {
    await requests.dispose();
  }
}

/** The notice link once the queue has sent it (jobs run about once a second): the page is read again until it shows. */
async function noticeLink(page: Page, title: string) {
  const link = page.getByRole('link', { name: new RegExp(title) });
  await expect(async () => {
    await page.goto('/notifications?tab=rentals');
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return link;
}

test.describe('tell me if these dates free up', () => {
  for (const size of SIZES) {
    test(`a member waits for booked dates, the booking is cancelled, and the notice opens the popup on them (${size.name})`, async ({
      page,
      baseUrl,
      accounts,
    }) => {
      const today = todayInLondon();
      const owner = await accounts.confirmed('Lender');
      const booker = await accounts.confirmed('Booker');
      const waiter = await accounts.confirmed('Waiter');
      const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Tile cutter', 'diy-hand-tools'));
      const range = { startDate: addDays(today, 6), endDate: addDays(today, 7) };
      await bookThroughApi(baseUrl, booker, [{ item, range, days: 2 }], TEST_CARDS.success, today);
      const rental = await asRenter(baseUrl, booker, async (r) => (await r.rentals()).find((x) => x.item.id === item.id));
      expect(rental, 'the booking of the tile cutter').toBeDefined();

      // The waiter opens the popup on the booked dates and asks to be told.
      // Signed in at the default size (the header's account links are in a menu on a phone), then at this size.
      await signInTo(page, waiter, '/saved');
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/category/all/item/${item.id}?startDate=${range.startDate}&endDate=${range.endDate}`);
      const dialog = itemDialog(page, item);
      await expect(dialog.getByRole('heading', { name: item.name })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Unavailable for Selected Dates', exact: true })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Tell me if these dates free up', exact: true }).click();
      const span = dateSpan(range.startDate, range.endDate);
      await expect(dialog.getByRole('status').getByText(`We'll tell you if ${span} free up.`, { exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: `Stop waiting for ${span}`, exact: true })).toBeFocused();
      await expectNoAxeViolations(page, `popup waiting for dates (${size.name})`);

      // The Saved page lists what they wait for.
      await page.goto('/saved');
      const waiting = page.getByRole('region', { name: "Dates you're waiting for" });
      await expect(waiting.getByRole('link', { name: item.name, exact: true })).toBeVisible();
      await expect(waiting.getByText(span, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `Saved page with dates waited for (${size.name})`);

      // The booker cancels; the waiter is told once and the notice opens the popup on those dates, now free.
      await cancelAs(baseUrl, booker, rental!.id);
      const link = await noticeLink(page, `Dates free: ${item.name}`);
      await expectNoAxeViolations(page, `notifications with dates free (${size.name})`);
      await link.click();
      await expectPath(page, `/category/all/item/${item.id}`);
      await expect(page).toHaveURL(
        (url) => url.searchParams.get('startDate') === range.startDate && url.searchParams.get('endDate') === range.endDate,
      );
      const freed = itemDialog(page, item);
      await expect(freed.getByRole('heading', { name: item.name })).toBeVisible();
      await expect(freed.getByRole('button', { name: 'Add to Wheelbarrow', exact: true })).toBeEnabled();
      await expect(freed.getByRole('button', { name: 'Tell me if these dates free up', exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page, `popup on the freed dates (${size.name})`);
    });
  }
});
