import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { FILTER_KINDS, chooseBackPair, planBrowse, type BrowsePlan, type FilterKind } from '../support/browse-plan.ts';
import { loadCatalogue, type Catalogue } from '../support/catalogue.ts';
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
  return page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}\\s*${count}\\b`) });
}

async function openPlanCategory(page: Page): Promise<string> {
  const path = `/category/${plan.category.id}`;
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: plan.category.name })).toBeVisible();
  await expectGrid(page, plan.names, plan.all, 'the unfiltered category');
  return path;
}

/** Opens the filter form from its button (it waits behind it at every width), unless it is open already. */
async function openFilters(page: Page): Promise<void> {
  const button = page.getByRole('main').getByRole('button', { name: /^Filters/ });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(page.getByRole('search', { name: 'Filter items' })).toBeVisible();
}

/** Sets one filter the way a user would, through its labelled control (the words in the search box, the rest behind Filters). */
async function applyFilter(page: Page, kind: FilterKind): Promise<void> {
  if (kind !== 'search') await openFilters(page);
  switch (kind) {
    case 'search': {
      const search = page.getByLabel('Search', { exact: true });
      await search.fill(plan.search.word);
      // Leaving the box closes its suggestions, which would otherwise lie over the controls below it.
      return search.blur();
    }
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
  if (kind !== 'search') await openFilters(page);
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
  await openFilters(page);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expectFilterUrl(page, path, {});
  await expectGrid(page, plan.names, plan.all, 'after Clear filters');
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

  test('the first screen asks what you need, lists the categories once; a search from it shows the results', async ({ page }) => {
    await page.goto('/category/all');
    const welcome = page.getByRole('region', { name: 'Find a tool' });
    await expect(welcome).toBeVisible();
    await expect(welcome.getByRole('link'), 'no second list of categories in the welcome').toHaveCount(0);
    for (const c of catalogue.categories.categories) {
      await expect(page.getByRole('link', { name: new RegExp(`^${escapeRegExp(c.name)}\\s*${c.itemCount}\\b`) }), c.name).toHaveCount(1);
    }
    await expectNoAxeViolations(page, 'the first screen');

    await welcome.getByRole('combobox', { name: 'What do you need?' }).fill(plan.search.word);
    await welcome.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page, 'the search in the address').toHaveURL(
      (url) => url.pathname === '/category/all' && url.searchParams.get('search') === plan.search.word,
    );
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
    // Its first page, and no other card: as many cards as that page has.
    await expectGrid(page, plan.names, plan.all, `the items of ${plan.category.name}`);
    await expect(page.getByRole('region', { name: /^\d+ of \d+ items?$/ }).getByRole('listitem')).toHaveCount(plan.names.length);
  });

  test('each filter, one at a time, changes the grid and the URL; Clear filters resets them', async ({ page }) => {
    const path = await openPlanCategory(page);
    for (const kind of FILTER_KINDS) {
      await applyFilter(page, kind);
      await expectFilterUrl(page, path, plan[kind].params);
      await expectGrid(page, plan[kind].expected, plan.all, `filter ${kind} ${JSON.stringify(plan[kind].params)}`);
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
    await expectGrid(page, plan[first].expected, plan.all, `filter ${first}`);
    const firstShown = await controlValue(page, first);
    await applyFilter(page, second);
    await expectFilterUrl(page, path, { ...plan[first].params, ...plan[second].params });
    await expectGrid(page, bothExpected, plan.all, `filters ${first} and ${second}`);

    await page.goBack();
    await expectFilterUrl(page, path, plan[first].params);
    await expectGrid(page, plan[first].expected, plan.all, `after Back, ${first} only`);
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
    await expectGrid(page, [], plan.all, 'no match');
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

/** The distance a card or the popup says: '1.2 miles away', '1 mile away', 'Under 0.1 miles away'. */
function milesSaid(text: string): number | null {
  if (/Under 0\.1 miles away/.test(text)) return 0;
  const m = /(\d+(?:\.\d)?) miles? away/.exec(text);
  return m ? Number(m[1]) : null;
}

/** The results' cards, in order, as [name, miles] read from the screen. */
async function cardsWithDistances(page: Page): Promise<Array<[string, number | null]>> {
  const results = page.getByRole('region', { name: /items? within 5 miles of/ });
  const cards = results.getByRole('listitem');
  const out: Array<[string, number | null]> = [];
  for (let n = 0; n < (await cards.count()); n++) {
    const card = cards.nth(n);
    out.push([(await card.getByRole('link').textContent())!.trim(), milesSaid((await card.textContent()) ?? '')]);
  }
  return out;
}

/** Clicks its way to an item's marker (zooming into clusters) and opens it. */
async function openFromMarker(page: Page, itemName: string): Promise<void> {
  const map = page.getByRole('region', { name: 'Map of the matching items' });
  const marker = map.getByRole('button', { name: new RegExp(`^${escapeRegExp(itemName)}, `) });
  await expect(map.getByRole('button', { name: /, £[\d.]+ a day|items here: zoom in$/ }).first(), 'the map has its markers').toBeVisible();
  for (let zooms = 0; zooms < 6 && !(await marker.isVisible()); zooms++) {
    await map
      .getByRole('button', { name: /items here: zoom in$/ })
      .first()
      .click();
  }
  await marker.click();
}

const SIZES = [
  { name: 'a computer (1280 x 900)', width: 1280, height: 900, phone: false },
  { name: 'a phone (390 x 844)', width: 390, height: 844, phone: true },
];

test.describe('near me', () => {
  for (const size of SIZES) {
    test(`on ${size.name}: a postcode and 5 miles, nearest first with distances, the map, a marker's popup; kept through a reload and Back`, async ({
      page,
      api,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      // A postcode in the district of the first item listed: the sample's items are spread over
      // neighbourhoods, so 5 miles from it takes in some items and leaves out most.
      const first = (await api.items('all', { pageSize: '1' })).items[0]!;
      const district = (await api.item(first.id)).location.postcode!;
      const postcode = `${district} 1AA`;
      const expected = await api.items('all', { near: postcode, radius: '5' });
      expect(expected.items.length, 'some items within 5 miles').toBeGreaterThan(0);
      expect(expected.total, 'fewer than the whole catalogue').toBeLessThan(catalogue.categories.totalItems);

      await page.goto('/category/all');
      await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
      // The filters wait behind their button at every width.
      await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByLabel('Near (postcode or town)').fill(postcode);
      await page.getByLabel('Near (postcode or town)').press('Enter');
      await expect(page).toHaveURL((url) => url.searchParams.get('near') === postcode);
      await page.getByLabel('Distance').selectOption('5');
      if (size.phone) await page.getByRole('button', { name: 'Show results' }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('radius') === '5');

      // Every card says how far away it is: 5 miles or less, nearest first, the API's list in order.
      await expect(
        page.getByRole('heading', {
          name: `${expected.items.length} of ${expected.total} ${expected.total === 1 ? 'item' : 'items'} within 5 miles of ${district}`,
        }),
      ).toBeVisible();
      await expect
        .poll(async () => (await cardsWithDistances(page)).map(([name]) => name), 'the cards, nearest first')
        .toEqual(expected.items.map((i) => i.name));
      const miles = (await cardsWithDistances(page)).map(([, d]) => d);
      expect(
        miles.every((d) => d !== null && d <= 5),
        `every card says 5 miles or less: ${miles.join(', ')}`,
      ).toBe(true);
      expect(miles, 'in ascending order').toEqual([...miles].sort((a, b) => a! - b!));
      expect(miles).toEqual(expected.items.map((i) => i.distanceMiles));
      await expect(page.getByLabel('Sort by')).toHaveValue('');
      await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Nearest');
      await expectNoAxeViolations(page, `near me, the list, on ${size.name}`);

      // The map: a marker opens the item's popup over it, which says the same distance as the card.
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('view') === 'map');
      const chosen = expected.items.at(-1)!;
      await openFromMarker(page, chosen.name);
      const dialog = page.getByRole('dialog', { name: chosen.name });
      await expect(dialog).toBeVisible();
      await expect(
        dialog.getByText(`${chosen.distanceMiles} ${chosen.distanceMiles === 1 ? 'mile' : 'miles'} away`, { exact: true }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `near me, an item opened from the map, on ${size.name}`);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL((url) => url.pathname === '/category/all' && url.searchParams.get('view') === 'map');
      await expect(page.getByRole('region', { name: 'Map of the matching items' })).toBeVisible();
      await expectNoAxeViolations(page, `near me, the map, on ${size.name}`);

      // A reload keeps the place, the radius and the map; Back returns to the list with its distances.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('region', { name: 'Map of the matching items' }).getByRole('button').first()).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get('near') === postcode && url.searchParams.get('radius') === '5' && !url.searchParams.has('view'),
      );
      await expect
        .poll(async () => (await cardsWithDistances(page)).map(([name]) => name), 'the list again after Back')
        .toEqual(expected.items.map((i) => i.name));
      // Remembered on this device: another category's address takes the place back.
      await page.goto(`/category/${first.categoryId}`);
      await expect(page).toHaveURL((url) => url.searchParams.get('near') === postcode && url.searchParams.get('radius') === '5');
    });
  }
});
