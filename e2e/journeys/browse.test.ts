import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { FILTER_KINDS, chooseBackPair, planBrowse, type BrowsePlan, type FilterKind } from '../support/browse-plan.ts';
import { loadCatalogue, namesOf, type Catalogue } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectGrid } from '../support/grid.ts';
import { escapeRegExp } from '../support/text.ts';
import { expectFilterUrl } from '../support/url.ts';

let catalogue: Catalogue;
let plan: BrowsePlan;

// The API as deployed, with the sample catalogue.
test.use({ serverOptions: { mode: 'production' } });

test.beforeAll(async ({ api }) => {
  catalogue = await loadCatalogue(api);
  plan = await planBrowse(api, catalogue);
});

/** A sidebar entry: the category's name followed by its item count (the welcome's tiles say the same). */
function categoryLink(page: Page, name: string, count: number) {
  return page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}\\s*${count}\\b`) });
}

async function openPlanCategory(page: Page): Promise<string> {
  const path = `/category/${plan.category.id}`;
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: plan.category.name })).toBeVisible();
  await expectGrid(page, plan.names, plan.names, 'the unfiltered category');
  return path;
}

/** Sets one filter the way a user would, through its labelled control. */
async function applyFilter(page: Page, kind: FilterKind): Promise<void> {
  switch (kind) {
    case 'search':
      return page.getByLabel('Search', { exact: true }).fill(plan.search.word);
    case 'maxPrice':
      return page.getByLabel('Max price (£ per day)').fill(plan.maxPrice.pounds);
    case 'minRating':
      await page.getByLabel('Minimum owner rating').selectOption(plan.minRating.rating);
      return;
    case 'dates':
      await page.getByLabel('Start date').fill(plan.dates.startDate);
      return page.getByLabel('End date').fill(plan.dates.endDate);
  }
}

/** What a filter's control shows; '' when it is unset. */
async function controlValue(page: Page, kind: FilterKind): Promise<string> {
  switch (kind) {
    case 'search':
      return page.getByLabel('Search', { exact: true }).inputValue();
    case 'maxPrice':
      return page.getByLabel('Max price (£ per day)').inputValue();
    case 'minRating':
      return page.getByLabel('Minimum owner rating').inputValue();
    case 'dates': {
      const start = await page.getByLabel('Start date').inputValue();
      const end = await page.getByLabel('End date').inputValue();
      return start || end ? `${start}..${end}` : '';
    }
  }
}

async function clearFilters(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expectFilterUrl(page, path, {});
  await expectGrid(page, plan.names, plan.names, 'after Clear filters');
}

test.describe('browsing the catalogue', () => {
  test('/ opens All Items; the sidebar lists every category with its count and can be searched', async ({ page }) => {
    await page.goto('/');
    await expect(page, 'expected a redirect to /category/all').toHaveURL((url) => url.pathname === '/category/all');
    await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
    await expect(categoryLink(page, 'All Items', catalogue.categories.totalItems)).toBeVisible();
    expect(catalogue.categories.categories.length, 'the seed has eleven categories').toBe(11);
    for (const c of catalogue.categories.categories) await expect(categoryLink(page, c.name, c.itemCount)).toBeVisible();
    await expect(page.getByText('Mock Data', { exact: true }), 'the real API is up, so no Mock Data indicator').toHaveCount(0);

    // A word from one category's name that no other category has.
    const all = catalogue.categories.categories;
    const target = all.find((c) => {
      const word = c.name.split(' ')[0]!.toLowerCase();
      return all.filter((o) => o.name.toLowerCase().includes(word)).length === 1;
    });
    expect(target, 'some category has a word of its own').toBeTruthy();
    const word = target!.name.split(' ')[0]!;
    await page.getByPlaceholder('Search categories...').fill(word.toLowerCase());
    await expect(categoryLink(page, target!.name, target!.itemCount)).toBeVisible();
    for (const other of all.filter((c) => c !== target)) await expect(categoryLink(page, other.name, other.itemCount)).toBeHidden();
    await page.getByPlaceholder('Search categories...').fill('');
    for (const c of all) await expect(categoryLink(page, c.name, c.itemCount)).toBeVisible();
  });

  test('the first screen asks what you need and shows the categories as tiles; a search from it shows the results', async ({ page }) => {
    await page.goto('/category/all');
    const welcome = page.getByRole('region', { name: 'Find a tool' });
    await expect(welcome).toBeVisible();
    const tiles = welcome.getByRole('navigation', { name: 'Browse by category' }).getByRole('link');
    await expect(tiles, 'a tile for each category').toHaveCount(catalogue.categories.categories.length);
    // Every category of the sample catalogue has photos: each tile shows one that loaded.
    for (const c of catalogue.categories.categories) {
      const tile = welcome.getByRole('link', { name: new RegExp(`^${escapeRegExp(c.name)}\\s*${c.itemCount} items?$`) });
      await tile.scrollIntoViewIfNeeded();
      await expect
        .poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: `the photo of the ${c.name} tile` })
        .toBe(true);
    }
    await expectNoAxeViolations(page, 'the first screen');

    await welcome.getByRole('searchbox', { name: 'What do you need?' }).fill(plan.search.word);
    await welcome.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page, 'the search in the address').toHaveURL((url) => url.pathname === '/category/all' && url.searchParams.get('search') === plan.search.word);
    await expect(welcome).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'All Items' }), 'focus on the results heading').toBeFocused();
    await expect(page.getByLabel('Search', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue(plan.search.word);
  });

  test('a category opened from the sidebar shows its heading and only its items', async ({ page }) => {
    await page.goto('/category/all');
    await categoryLink(page, plan.category.name, plan.category.itemCount).click();
    await expect(page, `expected /category/${plan.category.id}`).toHaveURL((url) => url.pathname === `/category/${plan.category.id}`);
    await expect(page.getByRole('heading', { level: 1, name: plan.category.name })).toBeVisible();
    await expectGrid(page, plan.names, namesOf(catalogue.items), `only the items of ${plan.category.name}`);
  });

  test('each filter, one at a time, changes the grid and the URL; Clear filters resets them', async ({ page }) => {
    const path = await openPlanCategory(page);
    for (const kind of FILTER_KINDS) {
      await applyFilter(page, kind);
      await expectFilterUrl(page, path, plan[kind].params);
      await expectGrid(page, plan[kind].expected, plan.names, `filter ${kind} ${JSON.stringify(plan[kind].params)}`);
      await clearFilters(page, path);
      expect(await controlValue(page, kind), `Clear filters empties the ${kind} control`).toBe('');
    }
    expect(plan.dates.expected, `${plan.dates.bookedItem} is booked on the filtered dates`).not.toContain(plan.dates.bookedItem);
  });

  test('Back after adding a second filter restores the first one alone', async ({ page, api }) => {
    const path = await openPlanCategory(page);
    const { first, second, bothExpected } = await chooseBackPair(api, plan);
    await applyFilter(page, first);
    await expectFilterUrl(page, path, plan[first].params);
    await expectGrid(page, plan[first].expected, plan.names, `filter ${first}`);
    const firstShown = await controlValue(page, first);
    await applyFilter(page, second);
    await expectFilterUrl(page, path, { ...plan[first].params, ...plan[second].params });
    await expectGrid(page, bothExpected, plan.names, `filters ${first} and ${second}`);

    await page.goBack();
    await expectFilterUrl(page, path, plan[first].params);
    await expectGrid(page, plan[first].expected, plan.names, `after Back, ${first} only`);
    expect(await controlValue(page, second), `after Back the ${second} control is empty again`).toBe('');
    expect(await controlValue(page, first), `after Back the ${first} control keeps its value`).toBe(firstShown);
    await clearFilters(page, path);
  });

  test('a search that matches nothing says so', async ({ page }) => {
    const path = await openPlanCategory(page);
    const nonsense = 'qzxvbnmq';
    await page.getByLabel('Search', { exact: true }).fill(nonsense);
    await expectFilterUrl(page, path, { search: nonsense });
    await expect(page.getByText('No items found matching your criteria')).toBeVisible();
    await expectGrid(page, [], plan.names, 'no match');
  });

  test('an unknown category says Category not found', async ({ page }) => {
    await page.goto('/category/nope');
    await expect(page.getByText('Category not found', { exact: true })).toBeVisible();
  });

  test('the category page has no accessibility violations', async ({ page }) => {
    await openPlanCategory(page);
    await expectNoAxeViolations(page, `/category/${plan.category.id}`);
  });
});
