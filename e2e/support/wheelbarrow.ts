import { formatDate } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { expectLoginFrom, expectPath, submitSignIn, type Account } from './accounts.ts';
import type { PlannedLine } from './booking-plan.ts';
import { clickDay } from './calendar.ts';
import { itemCard } from './grid.ts';

export const ADDED_TOAST = 'Added to your wheelbarrow';

export function itemDialog(page: Page, item: Pick<ItemDetail, 'name'>): Locator {
  return page.getByRole('dialog', { name: item.name });
}

/** Opens an item by clicking its card on its category page, as a renter browsing would. */
export async function openItemFromGrid(page: Page, item: ItemDetail, query = ''): Promise<Locator> {
  await page.goto(`/category/${item.categoryId}${query}`);
  await itemCard(page, item.name).click();
  await expectPath(page, `/category/${item.categoryId}/item/${item.id}`);
  const dialog = itemDialog(page, item);
  await expect(dialog.getByRole('heading', { name: item.name })).toBeVisible();
  return dialog;
}

/** Opens the item from the grid, picks the line's dates on its calendar and adds it. */
export async function addToWheelbarrow(page: Page, line: PlannedLine): Promise<void> {
  const dialog = await openItemFromGrid(page, line.item);
  await clickDay(dialog, line.range.startDate);
  await clickDay(dialog, line.range.endDate);
  const add = dialog.getByRole('button', { name: 'Add to Wheelbarrow', exact: true });
  await expect(add, `Add to Wheelbarrow for ${line.item.name} ${line.range.startDate}..${line.range.endDate}`).toBeEnabled();
  await add.click();
  await expect(itemDialog(page, line.item)).toBeHidden();
  await expect(page.getByRole('status').getByText(ADDED_TOAST, { exact: true })).toBeVisible();
}

/** Adds every line through its popup, then waits for the bar to count them all. */
export async function fillWheelbarrow(page: Page, lines: readonly PlannedLine[]): Promise<void> {
  for (const line of lines) await addToWheelbarrow(page, line);
  await expect(wheelbarrowBar(page).getByText(`${lines.length} ${lines.length === 1 ? 'item' : 'items'}`, { exact: true })).toBeVisible();
}

/** Follows the bar's 'Sign in to Checkout' and signs in with the form, landing on /checkout. */
export async function signInFromBar(page: Page, account: Account): Promise<void> {
  await wheelbarrowBar(page).getByRole('link', { name: 'Sign in to Checkout', exact: true }).click();
  await expectLoginFrom(page, '/checkout');
  await submitSignIn(page, account.email, account.password);
  await expectPath(page, '/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

/** The bar fixed at the bottom of every page while the wheelbarrow holds something. */
export function wheelbarrowBar(page: Page): Locator {
  return page.getByRole('region', { name: 'Wheelbarrow' });
}

/** How the bar and the success page write a line's dates: '1 Jun 2030 to 3 Jun 2030 · 3 days'. */
export function lineDatesText(line: Pick<PlannedLine, 'range' | 'days'>): string {
  return `${formatDate(line.range.startDate)} to ${formatDate(line.range.endDate)} · ${line.days} ${line.days === 1 ? 'day' : 'days'}`;
}

/** One list item among `scope`'s that names `name`. */
export function listItemNaming(scope: Locator, name: string): Locator {
  return scope.getByRole('listitem').filter({ hasText: name });
}
