import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { DECLINE_MESSAGES, TEST_CARDS, addDays, compareDates, formatDate, formatPence, isDateBooked } from '@toolshed/core';
import type { Page } from 'playwright-core';
import { createConfirmedAccount, expectSignedIn, newAccount, submitSignIn, submitSignUp, waitForLoginFrom } from '../support/accounts.ts';
import { createApiReader, type ApiReader } from '../support/api.ts';
import { freshLine, orderSummaryRows, planBooking, shownPrices, stillFree, type BookingPlan, type PlannedLine } from '../support/booking-plan.ts';
import { expectNoAxeViolations } from '../support/browser.ts';
import { dayButtonName, showMonthOf } from '../support/calendar.ts';
import { loadCatalogue, namesOf } from '../support/catalogue.ts';
import { waitForDefinitions } from '../support/definitions.ts';
import { waitForGrid } from '../support/grid.ts';
import { setUpJourneys } from '../support/journey.ts';
import { SUBJECTS, followMailLink } from '../support/mailbox.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { GOOD_ADDRESS, asRenter, bookThroughApi, renterApi } from '../support/renter-api.ts';
import { startApiServer } from '../support/server.ts';
import { waitForFilterUrl } from '../support/url.ts';
import { waitForGone, waitForPath, waitForText, waitForUrl, waitForVisible, waitUntil } from '../support/waits.ts';
import { addToWheelbarrow, fillWheelbarrow, itemDialog, lineDatesText, listItemNaming, openItemFromGrid, signInFromBar, wheelbarrowBar } from '../support/wheelbarrow.ts';

let api: ApiReader;
let today: string;
let plan: BookingPlan;

// Development mode for /dev/mailbox, emailed links on the browser's own address, room for a
// sign-in per journey, and a quicker simulated card processor than the 1.5 s default.
const { journey } = setUpJourneys(
  () =>
    startApiServer({
      env: (baseUrl) => ({ NODE_ENV: 'development', APP_URL: baseUrl, AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' }),
    }),
  async (baseUrl) => {
    api = createApiReader(baseUrl);
    const catalogue = await loadCatalogue(api);
    today = catalogue.today;
    plan = await planBooking(api, catalogue);
  },
);

const CHECK_EMAIL = 'Please check your email to confirm your account before signing in.';
const POSTCODE_MESSAGE = 'Please enter a valid UK postcode';
const PAYMENT_FAILED = 'Payment failed. Please try again.';

/** Both planned items, on dates nobody holds yet, as the journey will rent them. */
async function plannedLines(): Promise<PlannedLine[]> {
  return [await freshLine(api, plan.first, today), await freshLine(api, plan.second, today)];
}

/** Both planned items added through their popups, on dates nobody holds yet. */
async function filledWheelbarrow(page: Page): Promise<PlannedLine[]> {
  const lines = await plannedLines();
  await fillWheelbarrow(page, lines);
  return lines;
}

describe('booking and paying', () => {
  journey('two items added from their popups show in the wheelbarrow bar with their count, total and lines', async ({ page }) => {
    const [first, second] = await plannedLines();
    assert.ok(first && second);
    const bar = wheelbarrowBar(page);
    await addToWheelbarrow(page, first);
    await waitForVisible(bar.getByText('1 item', { exact: true }));
    await addToWheelbarrow(page, second);

    const prices = shownPrices([first, second]);
    await waitForVisible(bar.getByText('2 items', { exact: true }));
    await waitForVisible(bar.getByText(`Total ${prices.subtotal}`, { exact: true }));
    const toggle = bar.getByRole('button', { name: 'Show details', exact: true });
    await toggle.click();
    await waitForVisible(bar.getByRole('button', { name: 'Hide details', exact: true }));
    for (const [i, line] of [first, second].entries()) {
      const row = listItemNaming(bar, line.item.name);
      await waitForVisible(row.getByText(lineDatesText(line), { exact: true }));
      await waitForVisible(row.getByText(prices.lines[i]!, { exact: true }));
      await waitForVisible(row.getByRole('button', { name: `Remove ${line.item.name}`, exact: true }));
    }

    // A remove button really takes its line out, and the total follows.
    await bar.getByRole('button', { name: `Remove ${second.item.name}`, exact: true }).click();
    await waitForVisible(bar.getByText('1 item', { exact: true }));
    await waitForVisible(bar.getByText(`Total ${shownPrices([first]).subtotal}`, { exact: true }));
    await waitForGone(listItemNaming(bar, second.item.name));
  });

  journey('signed out, the bar leads to sign-in for checkout; a sign-up confirmed from the mailbox lands on checkout', async ({ page }) => {
    const lines = await filledWheelbarrow(page);
    await wheelbarrowBar(page).getByRole('link', { name: 'Sign in to Checkout', exact: true }).click();
    await waitForLoginFrom(page, '/checkout');
    const account = newAccount('Booker');
    await submitSignUp(page, account);
    await waitForVisible(page.getByText(CHECK_EMAIL, { exact: true }));
    await followMailLink(page, { to: account.email, subject: SUBJECTS.confirm });

    await waitForPath(page, '/checkout');
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
    await expectSignedIn(page, account.name);
    const summary = page.getByRole('region', { name: 'Rental summary' });
    for (const line of lines) await waitForVisible(summary.getByRole('heading', { name: line.item.name, exact: true }));
    // Checkout shows the lines with the fee itself: the bar steps aside instead of a second total.
    assert.equal(await wheelbarrowBar(page).count(), 0, 'no wheelbarrow bar on the checkout page');
  });

  journey('checkout asks for an address; the profile refuses a bad postcode, saves a good one and checkout then shows the totals', async ({ page, baseUrl }) => {
    const account = newAccount('Address');
    await createConfirmedAccount(baseUrl, account);
    const lines = await filledWheelbarrow(page);
    await signInFromBar(page, account);
    const main = page.getByRole('main');
    const prices = shownPrices(lines);
    const summary = main.getByRole('region', { name: 'Rental summary' });
    for (const [i, line] of lines.entries()) {
      await waitForDefinitions(listItemNaming(summary, line.item.name), {
        Dates: `${formatDate(line.range.startDate)} to ${formatDate(line.range.endDate)}`,
        Days: `${line.days} days`,
        'Daily rate': formatPence(line.item.dailyRatePence),
        'Line total': prices.lines[i]!,
      }, `the checkout line of ${line.item.name}`);
    }
    const borrower = main.getByRole('region', { name: 'Borrower details' });
    await waitForVisible(borrower.getByText('No address saved yet.', { exact: true }));
    const toPayment = main.getByRole('button', { name: 'Continue to Payment', exact: true });
    await waitForVisible(main.getByText('Add your address to continue.', { exact: true }));
    assert.ok(await toPayment.isDisabled(), 'no payment without an address');
    await expectNoAxeViolations(page, '/checkout without an address');

    await borrower.getByRole('link', { name: 'Add Address to Continue', exact: true }).click();
    await waitForPath(page, '/profile');
    const form = page.getByRole('form', { name: 'Your address' });
    await form.getByLabel('Street address', { exact: true }).fill(GOOD_ADDRESS.line);
    await form.getByLabel('City', { exact: true }).fill(GOOD_ADDRESS.city);
    const postcode = form.getByLabel('Postcode', { exact: true });
    await postcode.fill('12345');
    await form.getByRole('button', { name: 'Save address', exact: true }).click();
    await waitForVisible(form.getByText(POSTCODE_MESSAGE, { exact: true }));
    assert.equal(await postcode.getAttribute('aria-invalid'), 'true', 'the postcode field is marked invalid');
    const me = renterApi(page.request, baseUrl);
    assert.equal((await me.me()).address, null, 'a refused postcode saves nothing');

    await postcode.fill(GOOD_ADDRESS.postcode.toLowerCase().replace(' ', ''));
    await form.getByRole('button', { name: 'Save address', exact: true }).click();
    await waitForVisible(page.getByText('Your address has been saved.', { exact: true }));
    await waitForGone(form.getByText(POSTCODE_MESSAGE, { exact: true }));
    assert.deepEqual((await me.me()).address, GOOD_ADDRESS, 'saved with the postcode written the usual way');

    await page.getByRole('link', { name: 'Back to checkout', exact: true }).click();
    await waitForPath(page, '/checkout');
    for (const part of [GOOD_ADDRESS.line, GOOD_ADDRESS.city, GOOD_ADDRESS.postcode]) await waitForText(borrower, part);
    await waitForDefinitions(main.getByRole('region', { name: 'Order summary' }), orderSummaryRows(lines), 'the checkout order summary');
    await waitUntil(() => toPayment.isEnabled(), 'Continue to Payment usable once the address is saved');
    await expectNoAxeViolations(page, '/checkout');
  });

  journey('a declined card books nothing; the success card books both items, shows them and empties the wheelbarrow', async ({ page, baseUrl }) => {
    const account = newAccount('Payer');
    await createConfirmedAccount(baseUrl, account);
    await asRenter(baseUrl, account, (renter) => renter.saveAddress(GOOD_ADDRESS));
    const lines = await filledWheelbarrow(page);
    const prices = shownPrices(lines);
    await signInFromBar(page, account);
    const main = page.getByRole('main');
    const toPayment = main.getByRole('button', { name: 'Continue to Payment', exact: true });
    await waitUntil(() => toPayment.isEnabled(), 'Continue to Payment usable with a saved address');
    await toPayment.click();
    await waitForPath(page, '/payment-selection');
    const cardOption = main.getByRole('link', { name: 'Credit or debit card', exact: true });
    await waitForVisible(cardOption);
    await cardOption.click();
    await waitForPath(page, '/payment/card');
    const form = cardForm(page);
    const pay = form.getByRole('button', { name: `Pay ${prices.total}`, exact: true });
    await waitForVisible(pay);
    await expectNoAxeViolations(page, '/payment/card');

    await fillCard(form, TEST_CARDS.declined, today, account.name);
    await pay.click();
    await waitForVisible(form.getByRole('alert').getByText(PAYMENT_FAILED, { exact: true }));
    await waitForVisible(form.getByRole('alert').getByText(DECLINE_MESSAGES.declined, { exact: true }));
    const renter = renterApi(page.request, baseUrl);
    assert.deepEqual(await renter.rentals(), [], 'a declined card books nothing for the payer');
    for (const line of lines) assert.ok(await stillFree(api, line.item.id, line.range), `${line.item.name} is still free after the declined card`);
    assert.equal(new URL(page.url()).pathname, '/payment/card', 'a declined card stays on the card form');

    // The number and security code are cleared after each attempt; expiry and name stay.
    await form.getByLabel('Card number', { exact: true }).fill(TEST_CARDS.success);
    await form.getByLabel('Security code (CVV)', { exact: true }).fill('123');
    await pay.click();
    await waitForVisible(form.getByText('Processing payment...', { exact: true }));
    await waitForVisible(form.getByText('Payment confirmed', { exact: true }));
    await waitForPath(page, '/payment-success');
    await waitForVisible(main.getByRole('heading', { level: 1, name: 'Booking confirmed' }));
    const booked = main.getByRole('region', { name: 'Your rentals' });
    for (const [i, line] of lines.entries()) {
      const row = listItemNaming(booked, line.item.name);
      await waitForVisible(row.getByText(lineDatesText(line), { exact: true }));
      await waitForVisible(row.getByText(prices.lines[i]!, { exact: true }));
    }
    await waitForDefinitions(main.getByRole('region', { name: 'Order summary' }), orderSummaryRows(lines), 'the order summary after paying');
    await waitForText(main, `charged ${prices.total} to your Visa ending 4242`);
    await waitForGone(wheelbarrowBar(page));
    await page.reload();
    await waitForVisible(main.getByRole('heading', { level: 1, name: 'Booking confirmed' }));
    assert.equal(await wheelbarrowBar(page).count(), 0, 'the booked lines stay out of the wheelbarrow after a reload');
    // The bar never shows on the success page, so look where it would: browsing.
    await page.goto(`${baseUrl}/category/all`);
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'All Items' }));
    assert.equal(await wheelbarrowBar(page).count(), 0, 'the booked lines are out of the wheelbarrow when browsing on');

    const rentals = await renter.rentals();
    const bookedLines = rentals.map((r) => `${r.item.id} ${r.startDate} ${r.endDate}`).sort();
    assert.deepEqual(bookedLines, lines.map((l) => `${l.item.id} ${l.range.startDate} ${l.range.endDate}`).sort());
  });

  journey('My Rentals lists both booked items under Upcoming & Active, and a rental opens its own page', async ({ page, baseUrl }) => {
    const account = newAccount('Renter');
    await createConfirmedAccount(baseUrl, account);
    const lines = await plannedLines();
    const orderId = await bookThroughApi(baseUrl, account, lines, TEST_CARDS.success, today);
    const prices = shownPrices(lines);

    await page.goto('/my-rentals');
    await waitForLoginFrom(page, '/my-rentals');
    await submitSignIn(page, account.email, account.password);
    await waitForPath(page, '/my-rentals');
    const tab = page.getByRole('tab', { name: 'Upcoming & Active', exact: true });
    await waitForVisible(tab);
    assert.equal(await tab.getAttribute('aria-selected'), 'true', 'Upcoming & Active is the first tab shown');
    const panel = page.getByRole('tabpanel', { name: 'Upcoming & Active' });
    for (const [i, line] of lines.entries()) {
      const card = listItemNaming(panel, line.item.name);
      await waitForVisible(card.getByRole('link', { name: line.item.name, exact: true }));
      await waitForVisible(card.getByText(lineDatesText(line), { exact: true }));
      await waitForVisible(card.getByText(prices.lines[i]!, { exact: true }));
      await waitForVisible(card.getByText('Upcoming', { exact: true }));
    }

    const [first] = lines;
    assert.ok(first);
    await panel.getByRole('link', { name: first.item.name, exact: true }).click();
    await waitForUrl(page, (url) => /^\/rentals\/[^/]+$/.test(url.pathname), 'expected a rental page');
    const main = page.getByRole('main');
    await waitForVisible(main.getByRole('heading', { level: 1, name: 'Rental details' }));
    // What the renter paid for this line: its total and its share of the order's fee, which is split
    // over the lines in whole pence (so it is the line's 10% to within a penny).
    const rentalId = new URL(page.url()).pathname.split('/').pop()!;
    const { paidPence } = (await (await page.request.get(`${baseUrl}/api/rentals/${rentalId}`)).json()) as { paidPence: number };
    const lineTotal = first.item.dailyRatePence * first.days;
    assert.ok(Math.abs(paidPence - lineTotal * 1.1) < 1, `paid ${paidPence} for a line of ${lineTotal} with its 10% fee share`);
    await waitForDefinitions(main, {
      Item: first.item.name,
      Owner: first.item.owner.name,
      Dates: `${formatDate(first.range.startDate)} to ${formatDate(first.range.endDate)}`,
      Length: `${first.days} days`,
      'Daily rate': formatPence(first.item.dailyRatePence),
      Total: prices.lines[0]!,
      'Paid with service fee': formatPence(paidPence),
      Status: 'Upcoming',
      'Order reference': orderId,
    }, `the rental page of ${first.item.name}`);
  });

  journey("a booking shows as booked days in the item's calendar and hides it from a date filter over them", async ({ page, baseUrl }) => {
    const line = await freshLine(api, plan.first, today);
    const { item, range } = line;
    const dates = { startDate: range.startDate, endDate: range.endDate };
    const before = namesOf((await api.items(plan.categoryId, dates)).items);
    assert.ok(before.includes(item.name), `${item.name} is listed for ${dates.startDate}..${dates.endDate} before the booking`);
    const renter = newAccount('Neighbour');
    await createConfirmedAccount(baseUrl, renter);
    await bookThroughApi(baseUrl, renter, [line], TEST_CARDS.success, today);
    const after = namesOf((await api.items(plan.categoryId, dates)).items);
    assert.ok(!after.includes(item.name) && after.length > 0, `the API hides ${item.name} on its booked dates and lists others: ${JSON.stringify(after)}`);

    const dialog = await openItemFromGrid(page, item);
    for (let day = range.startDate; compareDates(day, range.endDate) <= 0; day = addDays(day, 1)) {
      await showMonthOf(dialog, day);
      const button = dialog.getByRole('button', { name: dayButtonName(day) });
      await waitForVisible(button);
      assert.match((await button.getAttribute('aria-label')) ?? '', /, booked$/, `${day} is named as booked`);
      assert.ok(await button.isDisabled(), `${day} cannot be picked`);
    }
    // The day after is still open unless another booking holds it, so the calendar is not simply all shut.
    const nextDay = addDays(range.endDate, 1);
    if (!isDateBooked(nextDay, (await api.item(item.id)).bookedRanges)) {
      await showMonthOf(dialog, nextDay);
      assert.ok(await dialog.getByRole('button', { name: dayButtonName(nextDay) }).isEnabled(), `${nextDay} is free and can be picked`);
    }
    await page.keyboard.press('Escape');
    await waitForGone(itemDialog(page, item));

    const path = `/category/${plan.categoryId}`;
    await page.goto(path);
    await waitForGrid(page, plan.categoryNames, plan.categoryNames, 'the unfiltered category');
    await page.getByLabel('Start date', { exact: true }).fill(dates.startDate);
    await page.getByLabel('End date', { exact: true }).fill(dates.endDate);
    await waitForFilterUrl(page, path, dates);
    await waitForGrid(page, after, plan.categoryNames, `dates ${dates.startDate}..${dates.endDate} over the booking`);
  });
});
