import { request, type Page } from '@playwright/test';
import type { Account } from '../support/accounts.ts';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { itemCard } from '../support/grid.ts';
import { listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';

const SIZES = [
  { name: 'computer', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// Development mode: accounts are confirmed through the mailbox, and each journey signs in.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100' } } });

/** Files a report as `account` on a request context of its own (the other members who report the listing). */
async function reportThroughApi(baseUrl: string, account: Account, itemId: string, reason: string): Promise<void> {
  const requests = await request.newContext();
  try {
    const headers = { origin: baseUrl };
    const signIn = await requests.post(`${baseUrl}/api/auth/sign-in/email`, {
      headers,
      data: { email: account.email, password: account.password },
    });
    expect(signIn.ok(), `sign-in of ${account.email}`).toBe(true);
    const res = await requests.post(`${baseUrl}/api/reports`, { headers, data: { kind: 'item', id: itemId, reason } });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await requests.dispose();
  }
}

const searchFor = (name: string) => `/category/all?${new URLSearchParams({ search: name })}`;

/**
 * The browse page for `name`'s words: its card, or, once the results have come (the words may still
 * find other journeys' items), no card of it.
 */
async function expectInBrowse(page: Page, name: string, shown: boolean): Promise<void> {
  await page.goto(searchFor(name));
  if (shown) await expect(itemCard(page, name)).toBeVisible();
  else {
    const main = page.getByRole('main');
    await expect(
      main
        .getByText('No items found matching your criteria')
        .or(main.getByRole('heading', { name: /^\d+ of \d+ items?$/ }))
        .first(),
    ).toBeVisible();
    await expect(itemCard(page, name)).toHaveCount(0);
  }
}

test.describe('report and block', () => {
  for (const size of SIZES) {
    test(`three members report a listing and it leaves browse; a member blocks the owner, cannot message them, then unblocks (${size.name})`, async ({
      page,
      baseUrl,
      accounts,
    }) => {
      const owner = await accounts.confirmed('Owner');
      const first = await accounts.confirmed('Ann');
      const second = await accounts.confirmed('Ben');
      const reporter = await accounts.confirmed('Cat');
      const listing = await listItemThroughApi(baseUrl, owner, newItemEntry('Suspect chainsaw', 'power-tools'));
      const other = await listItemThroughApi(baseUrl, owner, newItemEntry('Plain sander', 'power-tools'));

      // Two members report it; it is still listed.
      await reportThroughApi(baseUrl, first, listing.id, 'prohibited');
      await reportThroughApi(baseUrl, second, listing.id, 'misleading');
      // Signed in on a wide window (the account links are inline there), then at the journey's size.
      await signInTo(page, reporter, '/category/all');
      await page.setViewportSize({ width: size.width, height: size.height });
      await expectInBrowse(page, listing.name, true);

      // The third, in the popup: the dialog names the reasons and takes the reporter's words.
      await itemCard(page, listing.name).click();
      const popup = page.getByRole('dialog', { name: listing.name });
      await popup.getByRole('button', { name: 'Report this listing', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Report ${listing.name}` });
      await expect(dialog).toBeVisible();
      const reasons = dialog.getByRole('group', { name: 'Why are you reporting this?' });
      await expect(reasons.getByRole('radio')).toHaveCount(6);
      await expect(reasons.getByRole('radio', { name: 'Not a real item / misleading' })).toBeFocused();
      await expectNoAxeViolations(page, `report dialog (${size.name})`);
      // Escape closes it without sending; focus goes back to the button.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(popup.getByRole('button', { name: 'Report this listing', exact: true })).toBeFocused();
      await popup.getByRole('button', { name: 'Report this listing', exact: true }).click();
      await dialog.getByRole('button', { name: 'Send report', exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Choose a reason for your report.');
      await reasons.getByRole('radio', { name: 'Prohibited or unsafe item' }).check();
      await dialog.getByLabel('Anything else we should know? (optional)').fill('The chain guard is missing.');
      await dialog.getByRole('button', { name: 'Send report', exact: true }).click();
      await expect(dialog.getByRole('status')).toHaveText("Thanks, we've received your report.");
      await expectNoAxeViolations(page, `report receipt (${size.name})`);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();

      // After the third different member: gone from browse, the owner's other item still there.
      await expectInBrowse(page, listing.name, false);
      await expectInBrowse(page, other.name, true);

      // Block the owner from their page: the confirmation says what it does.
      await page.goto(`/owner/${encodeURIComponent(listing.owner.id)}`);
      await page.getByRole('button', { name: `Block ${owner.name}`, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: `Block ${owner.name}?` });
      await expect(confirm).toContainText('Neither of you will be able to message the other');
      await expectNoAxeViolations(page, `block confirmation (${size.name})`);
      await confirm.getByRole('button', { name: 'Block', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('button', { name: `Unblock ${owner.name}`, exact: true })).toBeVisible();
      await expectInBrowse(page, other.name, false);

      // Messages are refused, without saying who blocked whom.
      await page.goto(`/item/${encodeURIComponent(other.id)}/messages`);
      await page.getByLabel(`Message to ${owner.name}`).fill('Is the sander free on Saturday?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText("You can't message this member.");

      // Unblock from the profile's list: messages go through again.
      await page.goto('/profile');
      const blocked = page.getByRole('region', { name: 'Blocked members' });
      await expect(blocked.getByRole('link', { name: owner.name, exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `blocked members (${size.name})`);
      await blocked.getByRole('button', { name: `Unblock ${owner.name}`, exact: true }).click();
      await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();
      await page.goto(`/item/${encodeURIComponent(other.id)}/messages`);
      await page.getByLabel(`Message to ${owner.name}`).fill('Is the sander free on Saturday?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Is the sander free on Saturday?');
      await expectInBrowse(page, other.name, true);
      await expectPath(page, '/category/all');
    });
  }
});
