import {
  policyHeading,
  refundScheduleLines,
  DECLINE_MESSAGES,
  DEFAULT_PAGE_SIZE,
  TEST_CARDS,
  addDays,
  compareDates,
  formatDate,
  formatLinePrice,
  formatPence,
  isDateBooked,
} from '@toolshed/core';
import type { Page } from '@playwright/test';
import { expectLoginFrom, expectPath, expectSignedIn, submitSignIn, submitSignUp } from '../support/accounts.ts';
import type { ApiReader } from '../support/api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  freshLine,
  orderSummaryRows,
  planBooking,
  shownPrices,
  stillFree,
  type BookingPlan,
  type PlannedLine,
} from '../support/booking-plan.ts';
import { dayButtonName, showMonthOf } from '../support/calendar.ts';
import { loadCatalogue, namesOf } from '../support/catalogue.ts';
import { expectDefinitions } from '../support/definitions.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectGrid } from '../support/grid.ts';
import { SUBJECTS } from '../support/mailbox.ts';
import { cardForm, fillCard } from '../support/payment.ts';
import { GOOD_ADDRESS, asRenter, bookThroughApi, renterApi } from '../support/renter-api.ts';
import { expectFilterUrl } from '../support/url.ts';
import {
  addToWheelbarrow,
  fillWheelbarrow,
  itemDialog,
  lineDatesText,
  listItemNaming,
  openItemFromGrid,
  signInFromBar,
  wheelbarrowBar,
} from '../support/wheelbarrow.ts';

let today: string;
let plan: BookingPlan;

// Development mode for /dev/mailbox, emailed links on the browser's own address, room for a
// sign-in per journey, and a quicker simulated card processor than the 1.5 s default.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

test.beforeAll(async ({ api }) => {
  const catalogue = await loadCatalogue(api);
  today = catalogue.today;
  plan = await planBooking(api, catalogue);
});

const CHECK_EMAIL = 'Please check your email to confirm your account before signing in.';
const POSTCODE_MESSAGE = 'Please enter a valid UK postcode';
const PAYMENT_FAILED = 'Payment failed. Please try again.';

/** Both planned items, on dates nobody holds yet, as the journey will rent them. */
async function plannedLines(api: ApiReader): Promise<[PlannedLine, PlannedLine]> {
  return [await freshLine(api, plan.first, today), await freshLine(api, plan.second, today)];
}

/** Both planned items added through their popups, on dates nobody holds yet. */
async function filledWheelbarrow(page: Page, api: ApiReader): Promise<PlannedLine[]> {
  const lines = await plannedLines(api);
  await fillWheelbarrow(page, lines);
  return lines;
}

test.describe('booking and paying', () => {
  test('two items added from their popups show in the wheelbarrow bar with their count, total and lines', async ({ page, api }) => {
    const [first, second] = await plannedLines(api);
    const bar = wheelbarrowBar(page);
    await addToWheelbarrow(page, first);
    await expect(bar.getByText('1 item', { exact: true })).toBeVisible();
    await addToWheelbarrow(page, second);

    const prices = shownPrices([first, second]);
    await expect(bar.getByText('2 items', { exact: true })).toBeVisible();
    await expect(bar.getByText(`Total ${prices.subtotal}`, { exact: true })).toBeVisible();
    const toggle = bar.getByRole('button', { name: 'Show details', exact: true });
    await toggle.click();
    await expect(bar.getByRole('button', { name: 'Hide details', exact: true })).toBeVisible();
    for (const [i, line] of [first, second].entries()) {
      const row = listItemNaming(bar, line.item.name);
      await expect(row.getByText(lineDatesText(line), { exact: true })).toBeVisible();
      await expect(row.getByText(prices.lines[i]!, { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `Remove ${line.item.name}`, exact: true })).toBeVisible();
    }

    // A remove button really takes its line out, and the total follows.
    await bar.getByRole('button', { name: `Remove ${second.item.name}`, exact: true }).click();
    await expect(bar.getByText('1 item', { exact: true })).toBeVisible();
    await expect(bar.getByText(`Total ${shownPrices([first]).subtotal}`, { exact: true })).toBeVisible();
    await expect(listItemNaming(bar, second.item.name)).toBeHidden();
  });

  test('signed out, the bar leads to sign-in for checkout; a sign-up confirmed from the mailbox lands on checkout', async ({
    page,
    api,
    accounts,
    mailbox,
  }) => {
    const lines = await filledWheelbarrow(page, api);
    await wheelbarrowBar(page).getByRole('link', { name: 'Sign in to Checkout', exact: true }).click();
    await expectLoginFrom(page, '/checkout');
    const account = accounts.fresh('Booker');
    await submitSignUp(page, account);
    await expect(page.getByText(CHECK_EMAIL, { exact: true })).toBeVisible();
    await mailbox.followLink({ to: account.email, subject: SUBJECTS.confirm });

    await expectPath(page, '/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expectSignedIn(page, account.name);
    const summary = page.getByRole('region', { name: 'Rental summary' });
    for (const line of lines) await expect(summary.getByRole('heading', { name: line.item.name, exact: true })).toBeVisible();
    // Checkout shows the lines with the fee itself: the bar steps aside instead of a second total.
    await expect(wheelbarrowBar(page), 'no wheelbarrow bar on the checkout page').toHaveCount(0);
  });

  test('checkout asks for an address; the profile refuses a bad postcode, saves a good one and checkout then shows the totals', async ({
    page,
    baseUrl,
    api,
    accounts,
  }) => {
    const account = await accounts.confirmed('Address');
    const lines = await filledWheelbarrow(page, api);
    await signInFromBar(page, account);
    const main = page.getByRole('main');
    const prices = shownPrices(lines);
    const summary = main.getByRole('region', { name: 'Rental summary' });
    for (const [i, line] of lines.entries()) {
      await expectDefinitions(
        listItemNaming(summary, line.item.name),
        {
          Dates: `${formatDate(line.range.startDate)} to ${formatDate(line.range.endDate)}`,
          Days: `${line.days} days`,
          Price: formatLinePrice(line.item.dailyRatePence, line.days, line.item.weeklyRatePence ?? null),
          'Line total': prices.lines[i]!,
        },
        `the checkout line of ${line.item.name}`,
      );
    }
    const borrower = main.getByRole('region', { name: 'Borrower details' });
    await expect(borrower.getByText('No address saved yet.', { exact: true })).toBeVisible();
    const toPayment = main.getByRole('button', { name: 'Continue to Payment', exact: true });
    await expect(main.getByText('Add your address to continue.', { exact: true })).toBeVisible();
    await expect(toPayment, 'no payment without an address').toBeDisabled();
    await expectNoAxeViolations(page, '/checkout without an address');

    await borrower.getByRole('link', { name: 'Add Address to Continue', exact: true }).click();
    await expectPath(page, '/profile');
    const form = page.getByRole('form', { name: 'Your address' });
    await form.getByLabel('Street address', { exact: true }).fill(GOOD_ADDRESS.line);
    await form.getByLabel('City', { exact: true }).fill(GOOD_ADDRESS.city);
    const postcode = form.getByLabel('Postcode', { exact: true });
    await postcode.fill('12345');
    await form.getByRole('button', { name: 'Save address', exact: true }).click();
    await expect(form.getByText(POSTCODE_MESSAGE, { exact: true })).toBeVisible();
    await expect(postcode, 'the postcode field is marked invalid').toHaveAttribute('aria-invalid', 'true');
    const me = renterApi(page.request, baseUrl);
    expect((await me.me()).address, 'a refused postcode saves nothing').toBeNull();

    await postcode.fill(GOOD_ADDRESS.postcode.toLowerCase().replace(' ', ''));
    await form.getByRole('button', { name: 'Save address', exact: true }).click();
    await expect(page.getByText('Your address has been saved.', { exact: true })).toBeVisible();
    await expect(form.getByText(POSTCODE_MESSAGE, { exact: true })).toBeHidden();
    expect((await me.me()).address, 'saved with the postcode written the usual way').toEqual(GOOD_ADDRESS);

    await page.getByRole('link', { name: 'Back to checkout', exact: true }).click();
    await expectPath(page, '/checkout');
    for (const part of [GOOD_ADDRESS.line, GOOD_ADDRESS.city, GOOD_ADDRESS.postcode]) await expect(borrower).toContainText(part);
    await expectDefinitions(main.getByRole('region', { name: 'Order summary' }), orderSummaryRows(lines), 'the checkout order summary');
    await expect(toPayment, 'Continue to Payment usable once the address is saved').toBeEnabled();
    await expectNoAxeViolations(page, '/checkout');
  });

  test('a declined card books nothing; the success card books both items, shows them and empties the wheelbarrow', async ({
    page,
    baseUrl,
    api,
    accounts,
  }) => {
    const account = await accounts.confirmed('Payer');
    await asRenter(baseUrl, account, (renter) => renter.saveAddress(GOOD_ADDRESS));
    const lines = await filledWheelbarrow(page, api);
    const prices = shownPrices(lines);
    await signInFromBar(page, account);
    const main = page.getByRole('main');
    const toPayment = main.getByRole('button', { name: 'Continue to Payment', exact: true });
    await expect(toPayment, 'Continue to Payment usable with a saved address').toBeEnabled();
    await toPayment.click();
    await expectPath(page, '/payment-selection');
    const cardOption = main.getByRole('link', { name: 'Credit or debit card', exact: true });
    await expect(cardOption).toBeVisible();
    await cardOption.click();
    await expectPath(page, '/payment/card');
    const form = cardForm(page);
    const pay = form.getByRole('button', { name: `Pay ${prices.total}`, exact: true });
    await expect(pay).toBeVisible();
    await expectNoAxeViolations(page, '/payment/card');

    await fillCard(form, TEST_CARDS.declined, today, account.name);
    await pay.click();
    await expect(form.getByRole('alert').getByText(PAYMENT_FAILED, { exact: true })).toBeVisible();
    await expect(form.getByRole('alert').getByText(DECLINE_MESSAGES.declined, { exact: true })).toBeVisible();
    const renter = renterApi(page.request, baseUrl);
    expect(await renter.rentals(), 'a declined card books nothing for the payer').toEqual([]);
    for (const line of lines)
      expect(await stillFree(api, line.item.id, line.range), `${line.item.name} is still free after the declined card`).toBe(true);
    expect(new URL(page.url()).pathname, 'a declined card stays on the card form').toBe('/payment/card');

    // The number and security code are cleared after each attempt; expiry and name stay.
    await form.getByLabel('Card number', { exact: true }).fill(TEST_CARDS.success);
    await form.getByLabel('Security code (CVV)', { exact: true }).fill('123');
    await pay.click();
    await expect(form.getByText('Processing payment...', { exact: true })).toBeVisible();
    await expect(form.getByText('Payment confirmed', { exact: true })).toBeVisible();
    await expectPath(page, '/payment-success');
    await expect(main.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    const booked = main.getByRole('region', { name: 'Your rentals' });
    for (const [i, line] of lines.entries()) {
      const row = listItemNaming(booked, line.item.name);
      await expect(row.getByText(lineDatesText(line), { exact: true })).toBeVisible();
      await expect(row.getByText(prices.lines[i]!, { exact: true })).toBeVisible();
    }
    await expectDefinitions(main.getByRole('region', { name: 'Order summary' }), orderSummaryRows(lines), 'the order summary after paying');
    await expect(main).toContainText(`charged ${prices.total} to your Visa ending 4242`);
    await expect(wheelbarrowBar(page)).toBeHidden();
    await page.reload();
    await expect(main.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    await expect(wheelbarrowBar(page), 'the booked lines stay out of the wheelbarrow after a reload').toHaveCount(0);
    // The bar never shows on the success page, so look where it would: browsing.
    await page.goto(`${baseUrl}/category/all`);
    await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
    await expect(wheelbarrowBar(page), 'the booked lines are out of the wheelbarrow when browsing on').toHaveCount(0);

    const rentals = await renter.rentals();
    const bookedLines = rentals.map((r) => `${r.item.id} ${r.startDate} ${r.endDate}`).sort();
    expect(bookedLines).toEqual(lines.map((l) => `${l.item.id} ${l.range.startDate} ${l.range.endDate}`).sort());
  });

  test('My Rentals lists both booked items under Upcoming & Active, and a rental opens its own page', async ({
    page,
    baseUrl,
    api,
    accounts,
  }) => {
    const account = await accounts.confirmed('Renter');
    const lines = await plannedLines(api);
    const orderId = await bookThroughApi(baseUrl, account, lines, TEST_CARDS.success, today);
    const prices = shownPrices(lines);

    await page.goto('/my-rentals');
    await expectLoginFrom(page, '/my-rentals');
    await submitSignIn(page, account.email, account.password);
    await expectPath(page, '/my-rentals');
    const tab = page.getByRole('tab', { name: 'Upcoming & Active', exact: true });
    await expect(tab).toBeVisible();
    await expect(tab, 'Upcoming & Active is the first tab shown').toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Upcoming & Active' });
    for (const [i, line] of lines.entries()) {
      const card = listItemNaming(panel, line.item.name);
      await expect(card.getByRole('link', { name: line.item.name, exact: true })).toBeVisible();
      await expect(card.getByText(lineDatesText(line), { exact: true })).toBeVisible();
      await expect(card.getByText(prices.lines[i]!, { exact: true })).toBeVisible();
      await expect(card.getByText('Upcoming', { exact: true })).toBeVisible();
    }

    const [first] = lines;
    await panel.getByRole('link', { name: first.item.name, exact: true }).click();
    await expect(page, 'expected a rental page').toHaveURL((url) => /^\/rentals\/[^/]+$/.test(url.pathname));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Rental details' })).toBeVisible();
    // What the renter paid for this line: its total and its share of the order's fee, which is split
    // over the lines in whole pence (so it is the line's 10% to within a penny).
    const rentalId = new URL(page.url()).pathname.split('/').pop()!;
    const { paidPence } = (await (await page.request.get(`${baseUrl}/api/rentals/${rentalId}`)).json()) as { paidPence: number };
    const { reference } = (await (await page.request.get(`${baseUrl}/api/orders/${orderId}`)).json()) as { reference: string };
    expect(reference, 'a short order reference, not the id').toMatch(/^TS-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
    const lineTotal = first.item.dailyRatePence * first.days;
    expect(Math.abs(paidPence - lineTotal * 1.1), `paid ${paidPence} for a line of ${lineTotal} with its 10% fee share`).toBeLessThan(1);
    await expectDefinitions(
      // The rental's own list (the handover times below have one of their own).
      main.locator('dl').first(),
      {
        Item: first.item.name,
        Owner: first.item.owner.name,
        Dates: `${formatDate(first.range.startDate)} to ${formatDate(first.range.endDate)}`,
        Length: `${first.days} days`,
        Price: formatLinePrice(first.item.dailyRatePence, first.days, first.item.weeklyRatePence ?? null),
        Total: prices.lines[0]!,
        'Paid with service fee': formatPence(paidPence),
        Status: 'Upcoming',
        Cancellation: [policyHeading('flexible'), ...refundScheduleLines('flexible', first.range.startDate, new Date())].join(' '),
        'Order reference': reference,
      },
      `the rental page of ${first.item.name}`,
    );
  });

  test("a booking shows as booked days in the item's calendar and hides it from a date filter over them", async ({
    page,
    api,
    baseUrl,
    accounts,
  }) => {
    const line = await freshLine(api, plan.first, today);
    const { item, range } = line;
    const dates = { startDate: range.startDate, endDate: range.endDate };
    const before = namesOf((await api.items(plan.categoryId, dates)).items);
    expect(before, `${item.name} is listed for ${dates.startDate}..${dates.endDate} before the booking`).toContain(item.name);
    const renter = await accounts.confirmed('Neighbour');
    await bookThroughApi(baseUrl, renter, [line], TEST_CARDS.success, today);
    const after = namesOf((await api.items(plan.categoryId, dates)).items);
    expect(
      !after.includes(item.name) && after.length > 0,
      `the API hides ${item.name} on its booked dates and lists others: ${JSON.stringify(after)}`,
    ).toBe(true);

    const dialog = await openItemFromGrid(page, item);
    for (let day = range.startDate; compareDates(day, range.endDate) <= 0; day = addDays(day, 1)) {
      await showMonthOf(dialog, day);
      const button = dialog.getByRole('button', { name: dayButtonName(day) });
      await expect(button).toBeVisible();
      await expect(button, `${day} is named as booked`).toHaveAttribute('aria-label', /, booked$/);
      await expect(button, `${day} cannot be picked`).toBeDisabled();
    }
    // The day after is still open unless another booking holds it, so the calendar is not simply all shut.
    const nextDay = addDays(range.endDate, 1);
    if (!isDateBooked(nextDay, (await api.item(item.id)).bookedRanges)) {
      await showMonthOf(dialog, nextDay);
      await expect(dialog.getByRole('button', { name: dayButtonName(nextDay) }), `${nextDay} is free and can be picked`).toBeEnabled();
    }
    await page.keyboard.press('Escape');
    await expect(itemDialog(page, item)).toBeHidden();

    const path = `/category/${plan.categoryId}`;
    await page.goto(path);
    await expectGrid(page, plan.categoryNames, plan.categoryNames, 'the unfiltered category');
    await page.getByRole('main').getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Start date', { exact: true }).fill(dates.startDate);
    await page.getByLabel('End date', { exact: true }).fill(dates.endDate);
    await expectFilterUrl(page, path, dates);
    // The grid shows the first page of them.
    const shown = namesOf((await api.items(plan.categoryId, { ...dates, pageSize: String(DEFAULT_PAGE_SIZE) })).items);
    await expectGrid(page, shown, [...plan.categoryNames, ...after], `dates ${dates.startDate}..${dates.endDate} over the booking`);
  });
});
