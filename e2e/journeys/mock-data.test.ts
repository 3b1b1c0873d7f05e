import { DEFAULT_PAGE_SIZE, todayInLondon } from '@toolshed/core';
import { mockCategories, mockItemsPage } from '@toolshed/core/sample-catalogue';
import { expect, test } from '../support/fixtures.ts';
import { expectGrid, itemCard } from '../support/grid.ts';
import { escapeRegExp } from '../support/text.ts';

// The built app on a plain static host: no API answers.
test.use({ serverOptions: { mode: 'static' } });

test.describe('Mock Data when no API answers', () => {
  test('the built app on a plain static host shows the sample catalogue and opens an item', async ({ page }) => {
    const categories = mockCategories();
    const page1 = mockItemsPage('all', { page: 1, pageSize: DEFAULT_PAGE_SIZE }, todayInLondon());
    expect(page1 && page1.items.length > 0, 'the sample catalogue has items').toBe(true);

    await page.goto('/');
    await expect(page, 'expected a redirect to /category/all').toHaveURL((url) => url.pathname === '/category/all');
    await expect(page.getByText('Mock Data', { exact: true })).toBeVisible();
    const countLink = (name: string, count: number) =>
      page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}\\s*${count}\\b`) });
    await expect(countLink('All Items', categories.totalItems)).toBeVisible();
    for (const c of categories.categories) await expect(countLink(c.name, c.itemCount)).toBeVisible();

    const names = page1!.items.map((i) => i.name);
    await expectGrid(page, names, names, 'the first page of sample items');

    const item = page1!.items[0]!;
    await itemCard(page, item.name).click();
    const dialog = page.getByRole('dialog', { name: item.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: item.name })).toBeVisible();
    await expect(dialog.getByText(/^Image 1 of \d+$/)).toBeVisible();
  });
});
