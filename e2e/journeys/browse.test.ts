import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { createApiReader, type ApiReader } from '../support/api.ts';
import { expectNoAxeViolations } from '../support/browser.ts';
import { FILTER_KINDS, chooseBackPair, planBrowse, type BrowsePlan, type FilterKind } from '../support/browse-plan.ts';
import { loadCatalogue, namesOf, type Catalogue } from '../support/catalogue.ts';
import { waitForGrid } from '../support/grid.ts';
import { setUpJourneys } from '../support/journey.ts';
import { startApiServer } from '../support/server.ts';
import { waitForFilterUrl } from '../support/url.ts';
import { escapeRegExp, waitForGone, waitForUrl, waitForVisible, waitUntil } from '../support/waits.ts';

let api: ApiReader;
let catalogue: Catalogue;
let plan: BrowsePlan;
const { journey } = setUpJourneys(startApiServer, async (baseUrl) => {
  api = createApiReader(baseUrl);
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
  await waitForVisible(page.getByRole('heading', { level: 1, name: plan.category.name }));
  await waitForGrid(page, plan.names, plan.names, 'the unfiltered category');
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
  await waitForFilterUrl(page, path, {});
  await waitForGrid(page, plan.names, plan.names, 'after Clear filters');
}

describe('browsing the catalogue', () => {
  journey('/ opens All Items; the sidebar lists every category with its count and can be searched', async ({ page }) => {
    await page.goto('/');
    await waitForUrl(page, (url) => url.pathname === '/category/all', 'expected a redirect to /category/all');
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'All Items' }));
    await waitForVisible(categoryLink(page, 'All Items', catalogue.categories.totalItems));
    assert.equal(catalogue.categories.categories.length, 11, 'the seed has eleven categories');
    for (const c of catalogue.categories.categories) await waitForVisible(categoryLink(page, c.name, c.itemCount));
    assert.equal(await page.getByText('Mock Data', { exact: true }).count(), 0, 'the real API is up, so no Mock Data indicator');

    // A word from one category's name that no other category has.
    const all = catalogue.categories.categories;
    const target = all.find((c) => {
      const word = c.name.split(' ')[0]!.toLowerCase();
      return all.filter((o) => o.name.toLowerCase().includes(word)).length === 1;
    });
    assert.ok(target, 'some category has a word of its own');
    const word = target.name.split(' ')[0]!;
    await page.getByPlaceholder('Search categories...').fill(word.toLowerCase());
    await waitForVisible(categoryLink(page, target.name, target.itemCount));
    for (const other of all.filter((c) => c !== target)) await waitForGone(categoryLink(page, other.name, other.itemCount));
    await page.getByPlaceholder('Search categories...').fill('');
    for (const c of all) await waitForVisible(categoryLink(page, c.name, c.itemCount));
  });

  journey('the first screen asks what you need and shows the categories as tiles; a search from it shows the results', async ({ page }) => {
    await page.goto('/category/all');
    const welcome = page.getByRole('region', { name: 'Find a tool' });
    await waitForVisible(welcome);
    const tiles = welcome.getByRole('navigation', { name: 'Browse by category' }).getByRole('link');
    await waitUntil(async () => (await tiles.count()) === catalogue.categories.categories.length, 'a tile for each category');
    // Every category of the sample catalogue has photos: each tile shows one that loaded.
    for (const c of catalogue.categories.categories) {
      const tile = welcome.getByRole('link', { name: new RegExp(`^${escapeRegExp(c.name)}\\s*${c.itemCount} items?$`) });
      await tile.scrollIntoViewIfNeeded();
      await waitUntil(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), `the photo of the ${c.name} tile`);
    }
    await expectNoAxeViolations(page, 'the first screen');

    await welcome.getByRole('searchbox', { name: 'What do you need?' }).fill(plan.search.word);
    await welcome.getByRole('button', { name: 'Search', exact: true }).click();
    await waitForUrl(page, (url) => url.pathname === '/category/all' && url.searchParams.get('search') === plan.search.word, 'the search in the address');
    await waitForGone(welcome);
    await waitUntil(() => page.getByRole('heading', { level: 1, name: 'All Items' }).evaluate((h) => h === document.activeElement), 'focus on the results heading');
    await waitForVisible(page.getByLabel('Search', { exact: true }));
    assert.equal(await page.getByLabel('Search', { exact: true }).inputValue(), plan.search.word);
  });

  journey('a category opened from the sidebar shows its heading and only its items', async ({ page }) => {
    await page.goto('/category/all');
    await categoryLink(page, plan.category.name, plan.category.itemCount).click();
    await waitForUrl(page, (url) => url.pathname === `/category/${plan.category.id}`, `expected /category/${plan.category.id}`);
    await waitForVisible(page.getByRole('heading', { level: 1, name: plan.category.name }));
    await waitForGrid(page, plan.names, namesOf(catalogue.items), `only the items of ${plan.category.name}`);
  });

  journey('each filter, one at a time, changes the grid and the URL; Clear filters resets them', async ({ page }) => {
    const path = await openPlanCategory(page);
    for (const kind of FILTER_KINDS) {
      await applyFilter(page, kind);
      await waitForFilterUrl(page, path, plan[kind].params);
      await waitForGrid(page, plan[kind].expected, plan.names, `filter ${kind} ${JSON.stringify(plan[kind].params)}`);
      await clearFilters(page, path);
      assert.equal(await controlValue(page, kind), '', `Clear filters empties the ${kind} control`);
    }
    assert.ok(!plan.dates.expected.includes(plan.dates.bookedItem), `${plan.dates.bookedItem} is booked on the filtered dates`);
  });

  journey('Back after adding a second filter restores the first one alone', async ({ page }) => {
    const path = await openPlanCategory(page);
    const { first, second, bothExpected } = await chooseBackPair(api, plan);
    await applyFilter(page, first);
    await waitForFilterUrl(page, path, plan[first].params);
    await waitForGrid(page, plan[first].expected, plan.names, `filter ${first}`);
    const firstShown = await controlValue(page, first);
    await applyFilter(page, second);
    await waitForFilterUrl(page, path, { ...plan[first].params, ...plan[second].params });
    await waitForGrid(page, bothExpected, plan.names, `filters ${first} and ${second}`);

    await page.goBack();
    await waitForFilterUrl(page, path, plan[first].params);
    await waitForGrid(page, plan[first].expected, plan.names, `after Back, ${first} only`);
    assert.equal(await controlValue(page, second), '', `after Back the ${second} control is empty again`);
    assert.equal(await controlValue(page, first), firstShown, `after Back the ${first} control keeps its value`);
    await clearFilters(page, path);
  });

  journey('a search that matches nothing says so', async ({ page }) => {
    const path = await openPlanCategory(page);
    const nonsense = 'qzxvbnmq';
    await page.getByLabel('Search', { exact: true }).fill(nonsense);
    await waitForFilterUrl(page, path, { search: nonsense });
    await waitForVisible(page.getByText('No items found matching your criteria'));
    await waitForGrid(page, [], plan.names, 'no match');
  });

  journey('an unknown category says Category not found', async ({ page }) => {
    await page.goto('/category/nope');
    await waitForVisible(page.getByText('Category not found', { exact: true }));
  });

  journey('the category page has no accessibility violations', async ({ page }) => {
    await openPlanCategory(page);
    await expectNoAxeViolations(page, `/category/${plan.category.id}`);
  });
});
