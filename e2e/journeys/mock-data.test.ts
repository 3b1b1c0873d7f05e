import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { DEFAULT_PAGE_SIZE, todayInLondon } from '@toolshed/core';
import { mockCategories, mockItemsPage } from '@toolshed/core/sample-catalogue';
import { itemCard, waitForGrid } from '../support/grid.ts';
import { setUpJourneys } from '../support/journey.ts';
import { startStaticServer } from '../support/static-server.ts';
import { escapeRegExp, waitForUrl, waitForVisible } from '../support/waits.ts';

const { journey } = setUpJourneys(startStaticServer);

describe('Mock Data when no API answers', () => {
  journey('the built app on a plain static host shows the sample catalogue and opens an item', async ({ page }) => {
    const categories = mockCategories();
    const page1 = mockItemsPage('all', { page: 1, pageSize: DEFAULT_PAGE_SIZE }, todayInLondon());
    assert.ok(page1 && page1.items.length > 0, 'the sample catalogue has items');

    await page.goto('/');
    await waitForUrl(page, (url) => url.pathname === '/category/all', 'expected a redirect to /category/all');
    await waitForVisible(page.getByText('Mock Data', { exact: true }));
    const countLink = (name: string, count: number) => page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}\\s*${count}\\b`) });
    await waitForVisible(countLink('All Items', categories.totalItems));
    for (const c of categories.categories) await waitForVisible(countLink(c.name, c.itemCount));

    const names = page1.items.map((i) => i.name);
    await waitForGrid(page, names, names, 'the first page of sample items');

    const item = page1.items[0]!;
    await itemCard(page, item.name).click();
    const dialog = await waitForVisible(page.getByRole('dialog', { name: item.name }));
    await waitForVisible(dialog.getByRole('heading', { name: item.name }));
    await waitForVisible(dialog.getByText(/^Image 1 of \d+$/));
  });
});
