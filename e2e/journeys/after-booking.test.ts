import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { TEST_CARDS, formatPence, todayInLondon } from '@toolshed/core';
import type { Browser, Page } from 'playwright-core';
import { createApiReader, type ApiReader } from '../support/api.ts';
import { freshLine, type PlannedLine } from '../support/booking-plan.ts';
import { expectNoAxeViolations, newContext } from '../support/browser.ts';
import { dayButtonName, showMonthOf } from '../support/calendar.ts';
import { setUpJourneys } from '../support/journey.ts';
import { confirmedAccount, listItemThroughApi, newItemEntry, signInTo, type ItemEntry } from '../support/owner-items.ts';
import { asRenter, bookThroughApi } from '../support/renter-api.ts';
import { startApiServer } from '../support/server.ts';
import { waitForPath, waitForVisible, waitUntil } from '../support/waits.ts';
import { itemDialog } from '../support/wheelbarrow.ts';

let api: ApiReader;
const today = todayInLondon();

// Development mode for /dev/mailbox (sign-up confirmations), a quick simulated card processor.
const { journey } = setUpJourneys(
  () => startApiServer({ env: (baseUrl) => ({ NODE_ENV: 'development', APP_URL: baseUrl, AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' }) }),
  async (baseUrl) => {
    api = createApiReader(baseUrl);
  },
);

/** An owner with a freshly listed item and a renter who has booked `line(item)` through checkout. */
async function booked(baseUrl: string, label: string, line: (item: PlannedLine['item']) => Promise<PlannedLine>) {
  const owner = await confirmedAccount(baseUrl, 'Owner');
  const renter = await confirmedAccount(baseUrl, 'Renter');
  const entry: ItemEntry = newItemEntry(label, 'garden-tools');
  const item = await listItemThroughApi(baseUrl, owner, entry);
  const planned = await line(item);
  await bookThroughApi(baseUrl, renter, [planned], TEST_CARDS.success, today);
  const rental = await asRenter(baseUrl, renter, async (r) => (await r.rentals()).find((x) => x.item.id === item.id));
  assert.ok(rental, 'the booking is among the renter’s rentals');
  return { owner, renter, entry, item, planned, rental };
}

async function secondPage(page: Page, baseUrl: string) {
  const browser: Browser | null = page.context().browser();
  assert.ok(browser);
  const context = await newContext(browser, baseUrl);
  return { context, page: await context.newPage() };
}

describe('after the booking', () => {
  journey('a visitor sees no street address; the renter sees it, cancels an upcoming rental, gets the money back and the dates are free again', async ({ page, baseUrl }) => {
    const { renter, entry, item, planned, rental } = await booked(baseUrl, 'Lawn edger', (i) => freshLine(api, i, today));

    // A visitor's popup: the town and postcode district, never the street.
    await page.goto(`/category/${item.categoryId}/item/${item.id}`);
    const popup = itemDialog(page, item);
    await waitForVisible(popup.getByText('The full address is shared with the renter once booked.'));
    await waitForVisible(popup.getByText('LS6', { exact: true }));
    assert.ok(!(await page.content()).includes(entry.address), 'the street address is nowhere on the page');

    // The renter's rental page: the full address, then the cancellation with its refund.
    await signInTo(page, renter, '/my-rentals');
    await page.getByRole('link', { name: item.name, exact: true }).click();
    await waitForPath(page, `/rentals/${rental.id}`);
    await waitForVisible(page.getByText(entry.address, { exact: true }));
    await page.getByRole('button', { name: 'Cancel rental', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel your rental of ${item.name}?` });
    await waitForVisible(dialog.getByText(new RegExp(`${formatPence(rental.paidPence).replace('.', '\\.')} \\(the rental and its service fee\\) goes back to your Toolshed balance`)));
    await expectNoAxeViolations(page, 'cancel dialog');
    await dialog.getByRole('button', { name: 'Cancel rental', exact: true }).click();
    await waitForVisible(page.getByText(`Cancelled by you. ${formatPence(rental.paidPence)} was returned to your Toolshed balance.`));
    await waitForVisible(page.getByText('Cancelled', { exact: true }));

    // The dates are free again, in the API and in the popup's calendar.
    assert.deepEqual((await api.item(item.id)).bookedRanges, []);
    await page.goto(`/category/${item.categoryId}/item/${item.id}`);
    await showMonthOf(popup, planned.range.startDate);
    const day = popup.getByRole('button', { name: dayButtonName(planned.range.startDate) });
    await waitForVisible(day);
    assert.ok(!((await day.getAttribute('aria-label')) ?? (await day.textContent()) ?? '').includes('booked'), 'the first day is no longer booked');
    assert.equal(await day.isEnabled(), true);
  });

  journey('the owner declines an upcoming rental with a reason, and the renter sees it with the refund', async ({ page, baseUrl }) => {
    const { owner, renter, item, rental } = await booked(baseUrl, 'Hedge trimmer', (i) => freshLine(api, i, today));
    await signInTo(page, owner, '/my-items');
    await page.getByRole('link', { name: new RegExp(`^${renter.name} · `) }).click();
    await waitForPath(page, `/rentals/${rental.id}`);
    await waitForVisible(page.getByRole('heading', { name: `Renter: ${renter.name}` }));
    await page.getByRole('button', { name: 'Decline rental', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (sent to the renter)').fill('The trimmer needs a new blade that week.');
    await dialog.getByRole('button', { name: 'Decline rental', exact: true }).click();
    await waitForVisible(page.getByText(/^Cancelled by you\./));

    const seen = await asRenter(baseUrl, renter, async (r) => (await r.rentals()).find((x) => x.id === rental.id));
    assert.deepEqual(
      { status: seen?.status, by: seen?.cancellation?.by, reason: seen?.cancellation?.reason, refund: seen?.cancellation?.refundPence },
      { status: 'cancelled', by: 'owner', reason: 'The trimmer needs a new blade that week.', refund: rental.paidPence },
    );
    assert.deepEqual((await api.item(item.id)).bookedRanges, []);
  });

  journey('after the return both sides review, and each review stays hidden until the other has written theirs', async ({ page, baseUrl }) => {
    const startsToday = async (i: PlannedLine['item']): Promise<PlannedLine> => ({ item: i, range: { startDate: today, endDate: today }, days: 1 });
    const { owner, renter, item, rental } = await booked(baseUrl, 'Leaf blower', startsToday);

    // The owner marks it returned from the rental page.
    await signInTo(page, owner, `/rentals/${rental.id}`);
    await page.getByRole('button', { name: 'Mark as returned', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as returned', exact: true }).click();
    await waitForVisible(page.getByRole('form', { name: 'Leave a review' }));

    // The renter reviews first: their review is hidden from the owner.
    const other = await secondPage(page, baseUrl);
    try {
      await signInTo(other.page, renter, '/my-rentals');
      await other.page.getByRole('tab', { name: 'Past Rentals', exact: true }).click();
      await other.page.getByRole('link', { name: `Leave a review: ${item.name}` }).click();
      await waitForPath(other.page, `/rentals/${rental.id}`);
      const form = other.page.getByRole('form', { name: 'Leave a review' });
      await form.getByLabel('Rating').selectOption('4.5');
      await form.getByLabel('Comment (optional)').fill('Powerful and easy to start.');
      await form.getByRole('button', { name: 'Submit review', exact: true }).click();
      await waitForVisible(other.page.getByText(new RegExp(`^Your review is hidden until ${owner.name} reviews too`)));
      await expectNoAxeViolations(other.page, 'rental page with a hidden review');

      await page.reload();
      await waitForVisible(page.getByText(`${renter.name} has reviewed this rental. You will see their review once you have written yours.`));
      assert.equal(await page.getByText('Powerful and easy to start.').count(), 0, 'the renter’s comment is hidden from the owner');
      assert.equal((await api.item(item.id)).owner.totalRatings, 0, 'the hidden review does not count yet');

      // The owner reviews: both show, on both pages, and the owner's rating counts the renter's review.
      const ownerForm = page.getByRole('form', { name: 'Leave a review' });
      await ownerForm.getByLabel('Rating').selectOption('5');
      await ownerForm.getByLabel('Comment (optional)').fill('Returned clean and on time.');
      await ownerForm.getByRole('button', { name: 'Submit review', exact: true }).click();
      await waitForVisible(page.getByText('Powerful and easy to start.'));
      await other.page.reload();
      await waitForVisible(other.page.getByText('Returned clean and on time.'));
      await waitUntil(async () => (await api.item(item.id)).owner.totalRatings === 1, 'the owner’s rating to count the review');
      assert.equal((await api.item(item.id)).owner.rating, 4.5);

      // The renter's profile lists the review they received and the one they wrote.
      await other.page.goto('/profile?tab=reviews');
      await waitForVisible(other.page.getByRole('region', { name: 'Reviews of you' }).getByText('Returned clean and on time.'));
      await waitForVisible(other.page.getByRole('region', { name: 'Reviews you wrote' }).getByText('Powerful and easy to start.'));
      await expectNoAxeViolations(other.page, 'profile reviews tab');
    } finally {
      await other.context.close();
    }
  });
});
