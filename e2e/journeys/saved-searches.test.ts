import type { Page } from '@playwright/test';
import { accountNav, expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';

const SIZES = [
  { name: 'computer', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// Development mode: accounts are confirmed through the mailbox, alert emails land there, and the server runs its jobs.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100' } } });

/** The Saved searches page's entry of a search: the list item holding its heading. */
const searchEntry = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

/** The Saved searches link of the account area: inline on a computer, in the menu on a phone. */
async function openSavedSearches(page: Page, phone: boolean): Promise<void> {
  const nav = accountNav(page);
  if (phone) await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'Saved searches', exact: true }).click();
  await expectPath(page, '/saved-searches');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
}

test.describe('saved searches', () => {
  for (const size of SIZES) {
    test(`a member saves a browse, hears of a new match in the app and by email, stops it from the email, renames and deletes it (${size.name})`, async ({
      page,
      secondPage,
      baseUrl,
      accounts,
      mailbox,
    }) => {
      const phone = size.name === 'phone';
      const searcher = await accounts.confirmed('Searcher');
      const lister = await accounts.confirmed('Lister');
      // The item to come: its name carries a word no other item has, which the search looks for.
      const entry = newItemEntry('Trestle', 'diy-hand-tools');
      const word = entry.name.split(' ').at(-1)!;

      // Signed in at the default size (the header's account links are in a menu on a phone), then at this size.
      await signInTo(page, searcher, '/saved-searches');
      await page.setViewportSize({ width: size.width, height: size.height });
      await expect(page.getByText(/You have no saved searches yet/)).toBeVisible();

      // Browsing with words and a place, the member saves the search, to hear at once.
      await page.goto(`/category/all?${new URLSearchParams({ search: word, near: 'LS6 2AB', radius: '5' })}`);
      const opener = page.getByRole('button', { name: 'Save this search', exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Save this search' });
      await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
      await expect(dialog.getByRole('radio', { name: 'As soon as something is listed' })).toBeChecked();
      await expectNoAxeViolations(page, `Save this search dialog (${size.name})`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      await opener.click();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog.getByText("Saved. We'll tell you about new matches.", { exact: true })).toBeVisible();
      await dialog.getByRole('link', { name: 'Saved searches', exact: true }).click();
      await expectPath(page, '/saved-searches');
      const entries = page.getByRole('main').getByRole('listitem');
      await expect(entries).toHaveCount(1);
      const name = (await entries.first().getByRole('heading', { level: 2 }).textContent())!.trim();
      expect(name.toLowerCase(), 'the name the server gave it').toContain(word.toLowerCase());
      const saved = searchEntry(page, name);
      await expect(saved).toContainText(`“${word}”`);
      await expect(saved).toContainText('within 5 miles of');
      await expect(saved.getByLabel('How often')).toHaveValue('instant');
      await expectNoAxeViolations(page, `Saved searches page (${size.name})`);

      // Another member lists a matching item nearby: the searcher is told in the app...
      const item = await listItemThroughApi(baseUrl, lister, entry);
      const notice = page.getByRole('link', { name: new RegExp(`New for .*${item.name}`) });
      await expect(async () => {
        await page.goto('/notifications?tab=items');
        await expect(notice).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await notice.click();
      await expectPath(page, `/category/${item.categoryId}/item/${item.id}`);
      await expect(page.getByRole('dialog', { name: item.name })).toBeVisible();

      // ...and by email, with a link that stops this search's alerts.
      let stopLink = '';
      await expect
        .poll(
          async () => {
            const mail = (await mailbox.read()).find((m) => m.to === searcher.email && m.subject.includes(item.name));
            stopLink = /Stop alerts for this search: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
            return stopLink;
          },
          { message: `the alert email to ${searcher.email}`, timeout: 30_000 },
        )
        .toMatch(/\/alerts\/stop\/[A-Za-z0-9_-]+$/);
      expect(new URL(stopLink).origin).toBe(baseUrl);

      // Signed out, in a browser of its own: the page stops them, and says so once more if opened again.
      await secondPage.setViewportSize({ width: size.width, height: size.height });
      await secondPage.goto(stopLink);
      await expect(secondPage.getByText(`You won't get alerts for “${name}” any more.`, { exact: true })).toBeVisible();
      await expect(secondPage.getByRole('link', { name: 'Your saved searches', exact: true })).toBeVisible();
      await expectNoAxeViolations(secondPage, `stop-alerts page (${size.name})`);
      await secondPage.reload();
      await expect(secondPage.getByText('These alerts were already stopped.', { exact: true })).toBeVisible();

      // The member's list shows it paused; they rename it and then delete it.
      await page.goto('/category/all');
      await openSavedSearches(page, phone);
      await expect(saved.getByText('Paused: no alerts are sent', { exact: true })).toBeVisible();
      await expect(saved.getByRole('button', { name: 'Resume alerts', exact: true })).toBeVisible();
      await saved.getByRole('button', { name: 'Rename', exact: true }).click();
      const box = saved.getByLabel('New name', { exact: true });
      await expect(box).toBeFocused();
      const renamed = `Trestles for the loft (${size.name})`;
      await box.fill(renamed);
      await box.press('Enter');
      const kept = searchEntry(page, renamed);
      await expect(kept).toBeVisible();
      await expect(kept.getByText('Paused: no alerts are sent', { exact: true })).toBeVisible();

      await kept.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: `Delete “${renamed}”?` });
      await expect(confirm.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(kept).toHaveCount(0);
      await expect(page.getByText(/You have no saved searches yet/)).toBeVisible();
    });
  }
});
