import { expect, type Locator, type Page } from '@playwright/test';
import { startsWith } from './text.ts';

/** A result card: by contract a link or button in the main content whose name starts with the item's name. */
export function itemCard(page: Page, itemName: string): Locator {
  const main = page.getByRole('main');
  const name = startsWith(itemName);
  return main.getByRole('link', { name }).or(main.getByRole('button', { name })).first();
}

/** Which of `candidates` have a card on screen right now. */
export async function shownItems(page: Page, candidates: readonly string[]): Promise<string[]> {
  const shown: string[] = [];
  for (const name of candidates) {
    if ((await itemCard(page, name).count()) > 0) shown.push(name);
  }
  return shown;
}

/**
 * Waits until, among `candidates`, exactly the `expected` items have cards. Results are replaced
 * in place when a filter changes, so this waits out the old grid instead of sleeping.
 */
export async function expectGrid(page: Page, expected: readonly string[], candidates: readonly string[], what: string): Promise<void> {
  const pool = [...new Set([...candidates, ...expected])];
  await expect
    .poll(async () => (await shownItems(page, pool)).sort(), { message: `${what}: exactly these cards` })
    .toEqual([...expected].sort());
}
