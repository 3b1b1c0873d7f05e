import { TEST_CARDS, addDays, formatPence, todayInLondon } from '@toolshed/core';
import type { ApiReader } from '../support/api.ts';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { freshLine, type PlannedLine } from '../support/booking-plan.ts';
import { dayButtonName, showMonthOf } from '../support/calendar.ts';
import { expect, test, type Accounts } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry, signInTo, type ItemEntry } from '../support/owner-items.ts';
import { asRenter, bookThroughApi } from '../support/renter-api.ts';
import { itemDialog } from '../support/wheelbarrow.ts';

const today = todayInLondon();

// Development mode for /dev/mailbox (sign-up confirmations), a quick simulated card processor.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

/** An owner with a freshly listed item and a renter who has booked `line(item)` through checkout. */
async function booked(baseUrl: string, accounts: Accounts, label: string, line: (item: PlannedLine['item']) => Promise<PlannedLine>) {
  const owner = await accounts.confirmed('Owner');
  const renter = await accounts.confirmed('Renter');
  const entry: ItemEntry = newItemEntry(label, 'garden-tools');
  const item = await listItemThroughApi(baseUrl, owner, entry);
  const planned = await line(item);
  await bookThroughApi(baseUrl, renter, [planned], TEST_CARDS.success, today);
  const rental = await asRenter(baseUrl, renter, async (r) => (await r.rentals()).find((x) => x.item.id === item.id));
  expect(rental, 'the booking is among the renter’s rentals').toBeTruthy();
  return { owner, renter, entry, item, planned, rental: rental! };
}

// Three days ahead: more than the Flexible policy's 24 hours, so cancelling gives everything back.
const upcoming = (api: ApiReader) => (i: PlannedLine['item']) => freshLine(api, i, addDays(today, 3));

test.describe('after the booking', () => {
  test('a visitor sees no street address; the renter sees it, cancels an upcoming rental, gets the money back and the dates are free again', async ({
    page,
    baseUrl,
    accounts,
    api,
  }) => {
    const { renter, entry, item, planned, rental } = await booked(baseUrl, accounts, 'Lawn edger', upcoming(api));

    // A visitor's popup: the town and postcode district, never the street.
    await page.goto(`/category/${item.categoryId}/item/${item.id}`);
    const popup = itemDialog(page, item);
    await expect(popup.getByText('The full address is shared with the renter once booked.')).toBeVisible();
    await expect(popup.getByText('LS6', { exact: true })).toBeVisible();
    expect((await page.content()).includes(entry.address), 'the street address is nowhere on the page').toBe(false);

    // The renter's rental page: the full address, then the cancellation with its refund.
    await signInTo(page, renter, '/my-rentals');
    await page.getByRole('link', { name: item.name, exact: true }).click();
    await expectPath(page, `/rentals/${rental.id}`);
    await expect(page.getByText(entry.address, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel rental', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel your rental of ${item.name}?` });
    await expect(
      dialog.getByText(
        new RegExp(
          `${formatPence(rental.paidPence).replace('.', '\\.')} \\(the rental and its service fee\\) goes back to the card you paid with`,
        ),
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'cancel dialog');
    await dialog.getByRole('button', { name: 'Cancel rental', exact: true }).click();
    await expect(
      page.getByText(
        `Cancelled by you. Refunded ${formatPence(rental.paidPence)} to Visa ending 4242. Refunds usually reach your card in 5-10 working days.`,
      ),
    ).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();

    // The dates are free again, in the API and in the popup's calendar.
    expect((await api.item(item.id)).bookedRanges).toEqual([]);
    await page.goto(`/category/${item.categoryId}/item/${item.id}`);
    await showMonthOf(popup, planned.range.startDate);
    const day = popup.getByRole('button', { name: dayButtonName(planned.range.startDate) });
    await expect(day).toBeVisible();
    expect(
      ((await day.getAttribute('aria-label')) ?? (await day.textContent()) ?? '').includes('booked'),
      'the first day is no longer booked',
    ).toBe(false);
    await expect(day).toBeEnabled();
  });

  test('the owner declines an upcoming rental with a reason, and the renter sees it with the refund', async ({
    page,
    baseUrl,
    accounts,
    api,
  }) => {
    const { owner, renter, item, rental } = await booked(baseUrl, accounts, 'Hedge trimmer', upcoming(api));
    await signInTo(page, owner, '/my-items');
    await page.getByRole('link', { name: new RegExp(`^${renter.name} · `) }).click();
    await expectPath(page, `/rentals/${rental.id}`);
    await expect(page.getByRole('heading', { name: `Renter: ${renter.name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Decline rental', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (sent to the renter)').fill('The trimmer needs a new blade that week.');
    await dialog.getByRole('button', { name: 'Decline rental', exact: true }).click();
    await expect(page.getByText(/^Cancelled by you\./)).toBeVisible();

    const seen = await asRenter(baseUrl, renter, async (r) => (await r.rentals()).find((x) => x.id === rental.id));
    expect({
      status: seen?.status,
      by: seen?.cancellation?.by,
      reason: seen?.cancellation?.reason,
      refund: seen?.cancellation?.refundPence,
    }).toEqual({
      status: 'cancelled',
      by: 'owner',
      reason: 'The trimmer needs a new blade that week.',
      refund: rental.paidPence,
    });
    expect((await api.item(item.id)).bookedRanges).toEqual([]);
  });

  test('after the return both sides review, and each review stays hidden until the other has written theirs', async ({
    page,
    secondPage: other,
    baseUrl,
    accounts,
    api,
  }) => {
    const startsToday = async (i: PlannedLine['item']): Promise<PlannedLine> => ({
      item: i,
      range: { startDate: today, endDate: today },
      days: 1,
    });
    const { owner, renter, item, rental } = await booked(baseUrl, accounts, 'Leaf blower', startsToday);

    // The owner marks it returned from the rental page.
    await signInTo(page, owner, `/rentals/${rental.id}`);
    await page.getByRole('button', { name: 'Mark as returned', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as returned', exact: true }).click();
    await expect(page.getByRole('form', { name: 'Leave a review' })).toBeVisible();

    // The renter, in a browser of their own, reviews first: their review is hidden from the owner.
    await signInTo(other, renter, '/my-rentals');
    await other.getByRole('tab', { name: 'Past Rentals', exact: true }).click();
    await other.getByRole('link', { name: `Leave a review: ${item.name}` }).click();
    await expectPath(other, `/rentals/${rental.id}`);
    const form = other.getByRole('form', { name: 'Leave a review' });
    await form.getByLabel('Rating').selectOption('4.5');
    await form.getByLabel('Comment (optional)').fill('Powerful and easy to start.');
    await form.getByRole('button', { name: 'Submit review', exact: true }).click();
    await expect(other.getByText(new RegExp(`^Your review is hidden until ${owner.name} reviews too`))).toBeVisible();
    await expectNoAxeViolations(other, 'rental page with a hidden review');

    await page.reload();
    await expect(
      page.getByText(`${renter.name} has reviewed this rental. You will see their review once you have written yours.`),
    ).toBeVisible();
    await expect(page.getByText('Powerful and easy to start.'), 'the renter’s comment is hidden from the owner').toHaveCount(0);
    expect((await api.item(item.id)).owner.totalRatings, 'the hidden review does not count yet').toBe(0);

    // The owner reviews: both show, on both pages, and the owner's rating counts the renter's review.
    const ownerForm = page.getByRole('form', { name: 'Leave a review' });
    await ownerForm.getByLabel('Rating').selectOption('5');
    await ownerForm.getByLabel('Comment (optional)').fill('Returned clean and on time.');
    await ownerForm.getByRole('button', { name: 'Submit review', exact: true }).click();
    await expect(page.getByText('Powerful and easy to start.')).toBeVisible();
    await other.reload();
    await expect(other.getByText('Returned clean and on time.')).toBeVisible();
    await expect
      .poll(async () => (await api.item(item.id)).owner.totalRatings, { message: 'the owner’s rating to count the review' })
      .toBe(1);
    expect((await api.item(item.id)).owner.rating).toBe(4.5);

    // The renter's profile lists the review they received and the one they wrote.
    await other.goto('/profile?tab=reviews');
    await expect(other.getByRole('region', { name: 'Reviews of you' }).getByText('Returned clean and on time.')).toBeVisible();
    await expect(other.getByRole('region', { name: 'Reviews you wrote' }).getByText('Powerful and easy to start.')).toBeVisible();
    await expectNoAxeViolations(other, 'profile reviews tab');
  });
});
