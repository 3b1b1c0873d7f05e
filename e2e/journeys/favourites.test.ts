import { formatPence } from '@toolshed/core';
import type { ItemSummary } from '@toolshed/core/contract';
import type { Page } from '@playwright/test';
import { accountNav, expectLoginFrom, expectPath, submitSignIn } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { detailOf, firstFreeRange, loadCatalogue, type Catalogue } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import { itemCard } from '../support/grid.ts';

const SIZES = [
  { name: 'computer', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let catalogue: Catalogue;

// Development mode: accounts are confirmed through the mailbox, and each journey signs in.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100' } } });

test.beforeAll(async ({ api }) => {
  catalogue = await loadCatalogue(api);
});

const heart = (page: Page, name: string, saved: boolean) =>
  page.getByRole('button', { name: saved ? `Remove ${name} from saved` : `Save ${name}`, exact: true });

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

/** The Saved link of the account area: inline on a computer, in the menu on a phone. */
async function openSaved(page: Page, phone: boolean): Promise<void> {
  const nav = accountNav(page);
  if (phone) await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'Saved', exact: true }).click();
  await expectPath(page, '/saved');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
}

/** The Saved page's entry of an item: the list item holding its link. */
const savedEntry = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('favourites', () => {
  for (const size of SIZES) {
    test(`save an item signed out and in the popup, and find them on the Saved page (${size.name})`, async ({ page, accounts }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const phone = size.name === 'phone';
      const saver = await accounts.confirmed('Saver');
      const [first, second] = catalogue.items as [ItemSummary, ItemSummary];

      // Signed out: the heart asks for an account and brings the visitor back, where the save is made.
      await page.goto('/category/all');
      await expect(itemCard(page, first.name)).toBeVisible();
      await expectNoAxeViolations(page, `browse with hearts (${size.name})`);
      await heart(page, first.name, false).click();
      await expectLoginFrom(page, `/category/all?save=${first.id}`);
      await submitSignIn(page, saver.email, saver.password);
      await expectPath(page, '/category/all');
      await expect(toast(page, 'Saved. You will find it on your Saved page.')).toBeVisible();
      await expect(heart(page, first.name, true)).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL((url) => !url.searchParams.has('save'));

      // In the popup: the heart beside the name.
      await itemCard(page, second.name).click();
      const dialog = page.getByRole('dialog', { name: second.name });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: `Save ${second.name}`, exact: true }).click();
      await expect(dialog.getByRole('button', { name: `Remove ${second.name} from saved`, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(toast(page, `Saved ${second.name}`)).toBeVisible();
      await dialog.getByRole('button', { name: /^Close/ }).click();
      await expect(dialog).toBeHidden();

      // Both on the Saved page, last saved first, with their prices.
      await openSaved(page, phone);
      await expect(savedEntry(page, second.name)).toContainText(`${formatPence(second.dailyRatePence)} / day`);
      await expect(savedEntry(page, first.name)).toContainText(`${formatPence(first.dailyRatePence)} / day`);
      await expect(page.getByText('2 saved items')).toBeVisible();

      // Dates the first item is free on: the page says so.
      const free = firstFreeRange(detailOf(catalogue, first.id), 2, catalogue.today);
      expect(free, `two free days for ${first.name}`).not.toBeNull();
      await page.getByLabel('Start date', { exact: true }).fill(free!.startDate);
      await page.getByLabel('End date', { exact: true }).fill(free!.endDate);
      await expect(savedEntry(page, first.name).getByText('Free on these dates')).toBeVisible();
      await expectNoAxeViolations(page, `Saved page (${size.name})`);

      // Removing one leaves the other.
      await savedEntry(page, second.name)
        .getByRole('button', { name: `Remove ${second.name} from saved`, exact: true })
        .click();
      await expect(savedEntry(page, second.name)).toHaveCount(0);
      await expect(page.getByText('1 saved item')).toBeVisible();
      await expect(savedEntry(page, first.name)).toBeVisible();
    });
  }
});
