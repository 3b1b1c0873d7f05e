import { formatDate } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import type { Locator, Page } from 'playwright-core';
import { submitSignIn, waitForLoginFrom, type Account } from './accounts.ts';
import type { PlannedLine } from './booking-plan.ts';
import { clickDay } from './calendar.ts';
import { itemCard } from './grid.ts';
import { waitForGone, waitForPath, waitForUrl, waitForVisible } from './waits.ts';

export const ADDED_TOAST = 'Added to your wheelbarrow';

export function itemDialog(page: Page, item: Pick<ItemDetail, 'name'>): Locator {
  return page.getByRole('dialog', { name: item.name });
}

/** Opens an item by clicking its card on its category page, as a renter browsing would. */
export async function openItemFromGrid(page: Page, item: ItemDetail, query = ''): Promise<Locator> {
  await page.goto(`/category/${item.categoryId}${query}`);
  await itemCard(page, item.name).click();
  await waitForUrl(page, (url) => url.pathname === `/category/${item.categoryId}/item/${item.id}`, `expected the URL of ${item.name}`);
  const dialog = itemDialog(page, item);
  await waitForVisible(dialog.getByRole('heading', { name: item.name }));
  return dialog;
}

/** Opens the item from the grid, picks the line's dates on its calendar and adds it. */
export async function addToWheelbarrow(page: Page, line: PlannedLine): Promise<void> {
  const dialog = await openItemFromGrid(page, line.item);
  await clickDay(dialog, line.range.startDate);
  await clickDay(dialog, line.range.endDate);
  const add = dialog.getByRole('button', { name: 'Add to Wheelbarrow', exact: true });
  await waitForVisible(add);
  if (await add.isDisabled()) throw new Error(`Add to Wheelbarrow is disabled for ${line.item.name} ${line.range.startDate}..${line.range.endDate}`);
  await add.click();
  await waitForGone(itemDialog(page, line.item));
  await waitForVisible(page.getByRole('status').getByText(ADDED_TOAST, { exact: true }));
}

/** Adds every line through its popup, then waits for the bar to count them all. */
export async function fillWheelbarrow(page: Page, lines: readonly PlannedLine[]): Promise<void> {
  for (const line of lines) await addToWheelbarrow(page, line);
  await waitForVisible(wheelbarrowBar(page).getByText(`${lines.length} ${lines.length === 1 ? 'item' : 'items'}`, { exact: true }));
}

/** Follows the bar's 'Sign in to Checkout' and signs in with the form, landing on /checkout. */
export async function signInFromBar(page: Page, account: Account): Promise<void> {
  await wheelbarrowBar(page).getByRole('link', { name: 'Sign in to Checkout', exact: true }).click();
  await waitForLoginFrom(page, '/checkout');
  await submitSignIn(page, account.email, account.password);
  await waitForPath(page, '/checkout');
  await waitForVisible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
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
