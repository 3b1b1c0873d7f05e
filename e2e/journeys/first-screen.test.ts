import { DEFAULT_PAGE_SIZE } from '@toolshed/core';
import type { CategoriesResponse, ItemsPage } from '@toolshed/core/contract';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { escapeRegExp } from '../support/text.ts';

// The API as deployed, with the sample catalogue: what a newcomer sees on a first start, signed out.
test.use({ serverOptions: { mode: 'production' } });

const SIZES = [
  { name: 'a computer (1280 x 900)', width: 1280, height: 900, phone: false },
  { name: 'a phone (390 x 844)', width: 390, height: 844, phone: true },
] as const;

let categories: CategoriesResponse;
let everything: ItemsPage;
/** All Items with a minimum owner rating of 4: fewer than all of them. */
let rated: ItemsPage;

test.beforeAll(async ({ api }) => {
  categories = await api.categories();
  everything = await api.items('all', { pageSize: String(DEFAULT_PAGE_SIZE) });
  rated = await api.items('all', { minRating: '4', pageSize: String(DEFAULT_PAGE_SIZE) });
  expect(rated.total, 'a rating of 4 leaves some items out').toBeLessThan(everything.total);
  expect(rated.total, 'and keeps some').toBeGreaterThan(0);
});

/** '24 of 1,234 items', as the results heading says it. */
function countSaid(page: ItemsPage): string {
  const total = `${page.total.toLocaleString('en-GB')}${page.totalCapped ? '+' : ''}`;
  return `${page.items.length} of ${total} ${page.total === 1 && !page.totalCapped ? 'item' : 'items'}`;
}

function results(page: Page): Locator {
  return page.getByRole('region', { name: /^\d+ of [\d,]+\+? items?$/ });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The cards of the first row of the grid: those whose top is the first card's top. */
async function firstRow(page: Page): Promise<Box[]> {
  const cards = results(page).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const boxes: Box[] = [];
  for (let n = 0; n < (await cards.count()); n++) {
    const found = await cards.nth(n).boundingBox();
    if (found) boxes.push(found);
  }
  const top = boxes[0]!.y;
  return boxes.filter((b) => Math.abs(b.y - top) < 1);
}

/** A category's link by its name and item count, wherever the page shows it. */
function categoryLinks(page: Page, name: string, count: number): Locator {
  return page.getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}\\s*${count}(\\s*items?)?$`) });
}

test.describe('the first screen', () => {
  for (const size of SIZES) {
    test(`on ${size.name}: the first row of cards shows without scrolling, the categories once, the filters behind a button`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/');
      await expect(page).toHaveURL((url) => url.pathname === '/category/all');
      await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
      await expect(results(page).getByRole('heading', { name: countSaid(everything) })).toBeVisible();
      // The photos are sized before they load; the layout is read once the page is quiet.
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);

      expect(await page.evaluate(() => window.scrollY), 'the page has not scrolled').toBe(0);
      const row = await firstRow(page);
      test.info().annotations.push({
        type: 'first row',
        description: `${row.length} cards, top ${row[0]!.y}px, bottom ${row[0]!.y + row[0]!.height}px of ${size.height}px`,
      });
      expect(row.length, 'a computer shows cards side by side').toBeGreaterThanOrEqual(size.phone ? 1 : 2);
      for (const [n, card] of row.entries()) {
        const where = `card ${n + 1} of the first row (top ${card.y}px, bottom ${card.y + card.height}px)`;
        expect(card.y, `${where} starts on the screen`).toBeGreaterThanOrEqual(0);
        expect(card.y + card.height, `${where} ends inside the ${size.height}px screen`).toBeLessThanOrEqual(size.height);
        expect(card.x + card.width, `${where} is not cut off at the side`).toBeLessThanOrEqual(size.width);
      }

      // The categories, once: one list, no second set of tiles.
      await expect(page.getByRole('navigation', { name: 'Browse by category' })).toHaveCount(0);
      if (size.phone) {
        const toggle = page.getByRole('button', { name: 'Categories', exact: true });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
      }
      for (const c of categories.categories) await expect(categoryLinks(page, c.name, c.itemCount), c.name).toHaveCount(1);
      await expect(categoryLinks(page, 'All Items', categories.totalItems)).toHaveCount(1);
      // One search on the page: the welcome's (the filter form waits behind its button).
      await expect(page.getByRole('main').getByRole('search')).toHaveCount(1);
      await expect(page.getByRole('main').getByRole('search', { name: 'Search all items' })).toBeVisible();
      await expectNoAxeViolations(page, `the first screen on ${size.name}`);
      if (size.phone) await page.getByRole('button', { name: 'Categories', exact: true }).click();

      // The filters open from their button; a rating chosen there changes the results.
      const main = page.getByRole('main');
      await expect(main.getByRole('search', { name: 'Filter items' }), 'the filter form waits behind its button').toHaveCount(0);
      const button = main.getByRole('button', { name: 'Filters', exact: true });
      await button.click();
      const form = page.getByRole('search', { name: 'Filter items' });
      await expect(form).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog, [role="search"]')), {
          message: 'focus moved into the filters',
        })
        .toBe(true);
      await expectNoAxeViolations(page, `the filters open on ${size.name}`);
      await form.getByLabel('Minimum owner rating', { exact: true }).selectOption('4');
      await expect(page, 'the rating in the address').toHaveURL((url) => url.searchParams.get('minRating') === '4');
      if (size.phone) await page.getByRole('button', { name: 'Show results', exact: true }).click();
      else await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
      const counted = main.getByRole('button', { name: 'Filters 1 set', exact: true });
      await expect(counted, 'focus back on the Filters button').toBeFocused();
      await expect(results(page).getByRole('heading', { name: countSaid(rated) })).toBeVisible();

      // The rating stays in sight as a chip; removing it shows everything again.
      await main.getByRole('button', { name: 'Remove filter: 4+ stars', exact: true }).click();
      await expect(page).toHaveURL((url) => !url.searchParams.has('minRating'));
      await expect(results(page).getByRole('heading', { name: countSaid(everything) })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    });
  }
});
