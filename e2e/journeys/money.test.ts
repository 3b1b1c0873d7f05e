import { formatPence, todayInLondon } from '@toolshed/core';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';
import { bookTodayThroughApi } from '../support/renter-api.ts';
import { escapeRegExp } from '../support/text.ts';

const today = todayInLondon();

// Development mode for /dev/mailbox (sign-up confirmations), a quick simulated card processor; the
// server runs its job queue, so the payout is made in the background as in production.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

/** The figure under a label of the Balance tab (its term's first definition), e.g. 'Available balance' -> '£12.50'. */
async function figure(page: Page, label: string, expected: string): Promise<void> {
  const term = page
    .getByRole('main')
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
  await expect(term).toBeVisible();
  // The balance is asked again every few seconds while a withdrawal is being paid out.
  await expect(term.locator('xpath=following-sibling::dd[1]')).toContainText(expected, { timeout: 30_000 });
}

test.describe('money', () => {
  test('an owner sees earnings move from pending to available after the return, adds a bank account, withdraws part to it and finds it in Transactions', async ({
    page,
    baseUrl,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Earner');
    const renter = await accounts.confirmed('Payer');
    const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Pressure washer', 'garden-tools'));
    const rental = await bookTodayThroughApi(baseUrl, renter, item, today);
    const earned = formatPence(item.dailyRatePence);

    // Before the return: the earnings are pending, nothing is available.
    await signInTo(page, owner, '/profile');
    await page.goto('/profile?tab=balance');
    await figure(page, 'Pending credits', earned);
    await figure(page, 'Available balance', '£0.00');
    await expectNoAxeViolations(page, 'balance tab');

    // The owner marks the rental returned: the earnings become available.
    await page.goto(`/rentals/${rental.id}`);
    await page.getByRole('button', { name: 'Mark as returned', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as returned', exact: true }).click();
    await expect(page.getByRole('form', { name: 'Leave a review' })).toBeVisible();
    await page.goto('/profile?tab=balance');
    await figure(page, 'Available balance', earned);
    await figure(page, 'Pending credits', '£0.00');

    // Add the test bank account (docs/PAYMENTS.md): only the last four digits are shown after.
    const bank = page.getByRole('form', { name: 'Add bank account' });
    await bank.getByLabel('Name on the account').fill('Olive Owner');
    await bank.getByLabel('Sort code').fill('08-99-99');
    await bank.getByLabel('Account number').fill('66374959');
    await bank.getByRole('button', { name: 'Save bank account' }).click();
    await expect(bank.getByText('These bank details do not match: check the sort code and account number')).toBeVisible();
    await bank.getByLabel('Account number').fill('66374958');
    await bank.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByText('Bank account ending 4958 saved. Withdrawals will be paid to it.')).toBeVisible();
    await expectNoAxeViolations(page, 'balance tab with a bank account');

    // Withdraw part of it to the bank account: paid out in the background.
    const part = Math.floor(item.dailyRatePence / 2);
    const form = page.getByRole('form', { name: 'Withdraw' });
    await form.getByLabel('Amount (£)').fill((part / 100).toFixed(2));
    await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(
      page.getByText(new RegExp(`^Withdrawal of ${escapeRegExp(formatPence(part))} to the account ending 4958 requested`)),
    ).toBeVisible();
    await figure(page, 'Available balance', formatPence(item.dailyRatePence - part));
    await figure(page, 'Pending debits', '£0.00');

    // Transactions, newest first, explain the balance: the withdrawal paid out and asked for, the
    // earnings released at the return and earned at the booking, each with the balance after it.
    await page.getByRole('tab', { name: 'Transactions' }).click();
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    const rows = table.getByRole('row');
    await expect(rows.nth(1).getByText('Withdrawal paid out to bank account ending 4958')).toBeVisible();
    await expect(rows.nth(1).getByText('Completed', { exact: true })).toBeVisible();
    await expect(rows.nth(2).getByText('Withdrawal to bank account ending 4958 requested')).toBeVisible();
    await expect(rows.nth(2).getByText(formatPence(item.dailyRatePence - part), { exact: true })).toBeVisible();
    await expect(rows.nth(3).getByText(item.name)).toBeVisible();
    await expect(rows.nth(3).getByText('Released', { exact: true })).toBeVisible();
    await expect(rows.nth(3).getByText(formatPence(item.dailyRatePence), { exact: true })).toBeVisible();
    await expect(rows.nth(4).getByText('Received', { exact: true })).toBeVisible();
    await expect(rows.nth(4).getByText(renter.name)).toBeVisible();
    await expect(
      rows
        .nth(4)
        .getByText(`+${formatPence(item.dailyRatePence)}`)
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'transactions tab');
  });
});
