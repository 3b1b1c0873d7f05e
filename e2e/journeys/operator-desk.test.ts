import { formatPence, poundsToPence, todayInLondon } from '@toolshed/core';
import type { Page } from '@playwright/test';
import type { DepositView, ItemDetail } from '@toolshed/core/contract';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createConfirmedAccount, PASSWORD, type Account } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { inputOf, newItemEntry, ownerApi, signInTo } from '../support/owner-items.ts';
import { readMailbox } from '../support/mailbox.ts';
import { bookTodayThroughApi } from '../support/renter-api.ts';
import { escapeRegExp } from '../support/text.ts';

const today = todayInLondon();
const OPERATOR: Account = { name: 'Desk Operator', email: 'desk-operator@example.com', password: PASSWORD };
const SCREENS = [
  { name: 'a desktop (1280 x 900)', width: 1280, height: 900, ruledPence: 1500 },
  { name: 'a phone (390 x 844)', width: 390, height: 844, ruledPence: 2000 },
];

// Development mode for the mailbox (the operator's code) and the development clock, to take two
// disputes to support a week on; the operator is named in OPERATOR_EMAILS.
test.use({
  serverOptions: {
    mode: 'development',
    env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300', DEV_CLOCK: 'true', OPERATOR_EMAILS: OPERATOR.email },
  },
});

/** The figure under a label of the Balance tab, e.g. 'Available balance' -> '£45.00'. */
async function figure(page: Page, label: string, expected: string): Promise<void> {
  const term = page
    .getByRole('main')
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
  await expect(term.locator('xpath=following-sibling::dd[1]')).toContainText(expected);
}

/** The newest desk code emailed to the operator. */
async function deskCode(baseUrl: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = (await readMailbox(baseUrl)).filter(
        (m) => m.to === OPERATOR.email && m.subject.startsWith('Your Toolshed operator code'),
      );
      code = mails.length > after ? (/(\d{6})/.exec(mails[0]!.subject)?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

test('an operator rules on two disputed claims, at 1280x900 and at 390x844, and both sides’ balances show each ruling', async ({
  page,
  secondPage,
  baseUrl,
  accounts,
}) => {
  test.setTimeout(240_000);
  const owner = await accounts.confirmed('Lender');
  const renter = await accounts.confirmed('Borrower');
  await createConfirmedAccount(baseUrl, OPERATOR);
  await signInTo(page, owner, '/my-items');
  await signInTo(secondPage, renter, '/my-rentals');
  const headers = { origin: baseUrl };

  // Two returned rentals with a £30 damage claim each, disputed by the renter.
  const disputes: Array<{ item: ItemDetail; rentalId: string }> = [];
  for (const label of ['Hedge trimmer', 'Leaf blower']) {
    const item = await ownerApi(page.request, baseUrl).createItem({ ...inputOf(newItemEntry(label, 'garden-tools')), depositPence: 5000 });
    const rental = await bookTodayThroughApi(baseUrl, renter, item, today);
    expect((await page.request.post(`${baseUrl}/api/rentals/${rental.id}/return`, { headers, data: {} })).ok()).toBe(true);
    const reported = await page.request.post(`${baseUrl}/api/rentals/${rental.id}/claims`, {
      headers,
      data: { kind: 'damaged', amountPence: 3000, note: 'The blade came back bent.' },
    });
    expect(reported.ok(), await reported.text()).toBe(true);
    const claimId = ((await reported.json()) as DepositView).claims[0]!.id;
    const disputed = await secondPage.request.post(`${baseUrl}/api/claims/${claimId}/dispute`, {
      headers,
      data: { reply: 'It was bent when I collected it.' },
    });
    expect(disputed.ok(), await disputed.text()).toBe(true);
    disputes.push({ item: (await (await page.request.get(`${baseUrl}/api/items/${item.id}`)).json()) as ItemDetail, rentalId: rental.id });
  }
  const moved = await page.request.post(`${baseUrl}/dev/clock`, { headers, data: { days: 8 } });
  expect(moved.ok(), await moved.text()).toBe(true);
  await page.goto('/profile?tab=balance');
  const dayEarnings = poundsToPence(12.5) * 2;
  await figure(page, 'Available balance', formatPence(dayEarnings));

  // The operator signs in as usual, then enters the code emailed to them.
  const desk = await page.context().browser()!.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', baseURL: baseUrl });
  const ops = await desk.newPage();
  await signInTo(ops, OPERATOR, '/ops');
  await expect(ops.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await ops.getByRole('button', { name: 'Email me a code' }).click();
  const code = await deskCode(baseUrl, 0);
  await ops.getByLabel('Code from the email').fill(code);
  await ops.getByRole('button', { name: 'Open the desk' }).click();
  await expect(ops.getByRole('heading', { name: 'Claims sent to support' })).toBeVisible();

  let ownerGets = dayEarnings;
  for (const [i, screen] of SCREENS.entries()) {
    const { item, rentalId } = disputes[i]!;
    await ops.setViewportSize({ width: screen.width, height: screen.height });
    const card = ops.getByRole('listitem').filter({ has: ops.getByRole('heading', { name: `${item.name}: owner’s claim of £30.00` }) });
    await expect(card.getByRole('region', { name: `The owner's side of the ${item.name} claim` })).toContainText(
      'The blade came back bent.',
    );
    await expect(card.getByRole('region', { name: `The renter's side of the ${item.name} claim` })).toContainText(
      'It was bent when I collected it.',
    );
    await expectNoAxeViolations(ops, `the operator's desk with a claim to rule on (${screen.name})`);
    await card.getByLabel('Amount for the owner (£)').fill('30.01');
    await card.getByLabel('Why (for the audit log)').fill('The pick-up photos show the blade was already slightly bent.');
    await card.getByRole('button', { name: 'Rule', exact: true }).click();
    await expect(card.getByText('Enter an amount between £0.00 and £30.00.')).toBeVisible();
    await card.getByLabel('Amount for the owner (£)').fill(String(screen.ruledPence / 100));
    await card.getByRole('button', { name: 'Rule', exact: true }).click();
    await expect(card).toHaveCount(0);
    await expect(ops.getByRole('table', { name: 'Operator actions, newest first' }).getByRole('row').nth(1)).toContainText(
      'Ruled on a claim',
    );
    await expectNoAxeViolations(ops, `the operator's desk after a ruling (${screen.name})`);

    // Both sides see it: the renter's deposit page, the owner's balance.
    ownerGets += screen.ruledPence;
    await secondPage.setViewportSize({ width: screen.width, height: screen.height });
    await secondPage.goto(`/rentals/${rentalId}`);
    const held = secondPage.getByRole('main').getByRole('region', { name: 'Deposit and problems' });
    await expect(
      held.getByText(
        `${formatPence(screen.ruledPence)} of the £50.00 deposit paid to the owner; ${formatPence(5000 - screen.ruledPence)} released.`,
      ),
    ).toBeVisible();
    await expectNoAxeViolations(secondPage, `the renter's rental page after the ruling (${screen.name})`);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/profile?tab=balance');
    await figure(page, 'Available balance', formatPence(ownerGets));
  }
  await desk.close();
});

test('a member who is not an operator finds nothing at /ops', async ({ page, accounts }) => {
  const member = await accounts.confirmed('Member');
  await signInTo(page, member, '/ops');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoAxeViolations(page, '/ops for a member');
});
