import { formatPence } from '@toolshed/core';
import type { ItemSummary } from '@toolshed/core/contract';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { itemCard } from '../support/grid.ts';
import { escapeRegExp } from '../support/text.ts';

/** The item the journeys look for, the words typed for it, and a slip of the search the catalogue corrects. */
const LADDER = 'Triple Extension Ladder';
const TYPED = 'lad';
const SLIP = { typed: 'presure washer', understood: 'pressure washer' };

let ladder: ItemSummary;
/** What the slip means: an item whose name has the corrected words. */
let washer: ItemSummary;
/** A daily limit below the ladder's rate, so a search for it finds nothing until the limit goes. */
let maxPrice: { pounds: string; shown: string };

// The API as deployed, with the sample catalogue.
test.use({ serverOptions: { mode: 'production' } });

test.beforeAll(async ({ api }) => {
  const all = await api.items('all');
  const found = all.items.find((i) => i.name === LADDER);
  expect(found, `the sample catalogue lists the ${LADDER}`).toBeTruthy();
  ladder = found!;
  expect(ladder.dailyRatePence, 'the ladder costs more than £1 a day').toBeGreaterThan(100);
  maxPrice = { pounds: '1', shown: formatPence(100) };
  const meant = all.items.find((i) => i.name.toLowerCase().includes(SLIP.understood));
  expect(meant, `an item named '${SLIP.understood}'`).toBeTruthy();
  washer = meant!;
});

const SIZES = [
  { name: 'a computer (1280 x 900)', width: 1280, height: 900 },
  { name: 'a phone (390 x 844)', width: 390, height: 844 },
] as const;

function welcomeSearch(page: Page): Locator {
  return page.getByRole('region', { name: 'Find a tool' }).getByRole('combobox', { name: 'What do you need?' });
}

/** The option the combobox says is active (its aria-activedescendant), or null. */
async function activeOptionText(page: Page, box: Locator): Promise<string | null> {
  const id = await box.getAttribute('aria-activedescendant');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

for (const size of SIZES) {
  test.describe(`search that understands, on ${size.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    test('typing suggests items; ArrowDown to the ladder and Enter open its popup', async ({ page }) => {
      await page.goto('/category/all');
      const box = welcomeSearch(page);
      const answered = page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/search/suggestions' && url.searchParams.get('q') === TYPED;
      });
      await box.pressSequentially(TYPED);
      expect((await answered).ok(), 'the suggestions answer').toBe(true);

      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(list.getByRole('option', { name: LADDER, exact: true })).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('status').filter({ hasText: /^\d+ suggestions?$/ })).toHaveCount(1);
      // The list is inside the screen, beside nothing it hides sideways.
      const shown = (await list.boundingBox())!;
      expect(shown.x, 'the list starts on the screen').toBeGreaterThanOrEqual(0);
      expect(shown.x + shown.width, 'the list ends on the screen').toBeLessThanOrEqual(size.width);
      await expectNoAxeViolations(page, `the suggestions for '${TYPED}'`);

      const count = await list.getByRole('option').count();
      for (let pressed = 0; (await activeOptionText(page, box)) !== LADDER; pressed++) {
        expect(pressed, `the ${LADDER} is among the ${count} suggestions`).toBeLessThan(count);
        await box.press('ArrowDown');
      }
      await expect(list.getByRole('option', { name: LADDER, exact: true })).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');

      await expect(page, "the ladder's popup address").toHaveURL(
        (url) => url.pathname === `/category/${ladder.categoryId}/item/${ladder.id}`,
      );
      const dialog = page.getByRole('dialog', { name: LADDER });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, "the ladder's popup opened from a suggestion");
    });

    test('a typing slip shows results for what was meant, with a way back to the words as typed', async ({ page }) => {
      await page.goto('/category/all');
      const box = welcomeSearch(page);
      await box.fill(SLIP.typed);
      await box.press('Enter');
      await expect(page, 'the search in the address').toHaveURL((url) => url.searchParams.get('search') === SLIP.typed);

      const results = page.getByRole('main');
      await expect(results.getByText(`Showing results for ${SLIP.understood}`)).toBeVisible();
      await expect(itemCard(page, washer.name)).toBeVisible();
      await expectNoAxeViolations(page, `the results for '${SLIP.typed}'`);

      await results.getByRole('link', { name: `Search for ${SLIP.typed} instead` }).click();
      await expect(page, 'asTyped in the address').toHaveURL(
        (url) => url.searchParams.get('asTyped') === 'true' && url.searchParams.get('search') === SLIP.typed,
      );
      await expect(results.getByText(`Showing results for ${SLIP.understood}`)).toBeHidden();
    });

    test('a search that a filter keeps from matching says which, and following it shows the match', async ({ page }) => {
      await page.goto(`/category/all?search=ladder&maxPrice=${maxPrice.pounds}`);
      const main = page.getByRole('main');
      await expect(main.getByText('No items found matching your criteria')).toBeVisible();
      const without = main.getByRole('link', {
        name: new RegExp(`^\\d+ items? match(es)? 'ladder' without the ${escapeRegExp(maxPrice.shown)} limit$`),
      });
      await expect(without).toBeVisible();
      await expectNoAxeViolations(page, 'a search that nothing matches under a price limit');

      await without.click();
      await expect(page, 'the address without the price limit').toHaveURL(
        (url) => url.searchParams.get('search') === 'ladder' && !url.searchParams.has('maxPrice'),
      );
      await expect(itemCard(page, LADDER)).toBeVisible();
      await expect(main.getByText('No items found matching your criteria')).toBeHidden();
    });
  });
}
