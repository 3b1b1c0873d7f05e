import { addDays, todayInLondon } from '@toolshed/core';
import type { BrowseRelaxation, ItemsPage } from '@toolshed/core/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { categories, fakeFetch, item, itemsPage, json } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

/** A fake API whose items answer is `answer(url)`; records the items requests. */
function setup(path: string, answer: (url: URL) => ItemsPage) {
  const api = fakeFetch({
    '/api/categories': () => json(categories),
    '/api/categories/[^/]+/items': (url) => json(answer(url)),
  });
  return { api, app: renderApp(path) };
}

const params = (url: string) => new URL(url, 'http://localhost').searchParams;

describe('a search read as a near spelling', () => {
  it("says what it showed results for, and 'Search for ... instead' asks again for the words as typed", async () => {
    const user = userEvent.setup();
    const washer = item({ id: 'washer', name: 'Electric Pressure Washer' });
    const { api, app } = setup('/category/all?search=presure+washer&page=2', (url) =>
      url.searchParams.get('asTyped') === 'true'
        ? itemsPage([])
        : itemsPage([washer], { correctedSearch: 'pressure washer', total: 30, page: Number(url.searchParams.get('page') ?? '1') }),
    );

    const line = await screen.findByText(/^Showing results for/);
    expect(line).toHaveTextContent('Showing results for pressure washer. Search for presure washer instead');
    expect(screen.getByRole('link', { name: 'Electric Pressure Washer' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Search for presure washer instead' }));
    await waitFor(() => expect(params(app.url()).get('asTyped')).toBe('true'));
    // The same words, from page 1.
    expect(params(app.url()).get('search')).toBe('presure washer');
    expect(params(app.url()).get('page')).toBeNull();
    await waitFor(() => expect(api.itemRequests().at(-1)?.searchParams.get('asTyped')).toBe('true'));
    expect(await screen.findByText('No items found matching your criteria')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing results for/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'All Items' })).toHaveFocus();
  });

  it('new words typed in the box are read afresh: the address drops asTyped', async () => {
    const user = userEvent.setup({ delay: null });
    const { app } = setup('/category/all?search=presure+washer&asTyped=true', () => itemsPage([]));
    const box = await screen.findByRole('combobox', { name: 'Search' });
    expect(box).toHaveValue('presure washer');
    await user.clear(box);
    await user.type(box, 'drill{Enter}');
    await waitFor(() => expect(app.url()).toBe('/category/all?search=drill'));
  });

  it("'Clear filters' drops asTyped with the words", async () => {
    const user = userEvent.setup();
    const { app } = setup('/category/all?search=presure+washer&asTyped=true', () => itemsPage([]));
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(app.url()).toBe('/category/all'));
  });
});

describe('a search that nothing matches because of a filter', () => {
  const start = addDays(todayInLondon(), 3);
  const end = addDays(todayInLondon(), 5);
  const path = `/category/power-tools?search=drill&maxPrice=5&minRating=4&startDate=${start}&endDate=${end}&near=Leeds&radius=3&page=2`;
  const relaxations: BrowseRelaxation[] = [
    { filter: 'maxPrice', total: 3 },
    { filter: 'minRating', total: 1 },
    { filter: 'dates', total: 1000, totalCapped: true },
    { filter: 'radius', radiusMiles: 10, total: 12 },
    { filter: 'category', total: 4 },
  ];

  it('says beside the empty state which filters keep the matches out, each a link to the browse without it', async () => {
    setup(path, () => itemsPage([], { relaxations }));
    expect(await screen.findByText('No items found matching your criteria')).toBeInTheDocument();
    const links = [
      ["3 items match 'drill' without the £5.00 limit", { maxPrice: null }],
      ["1 item matches 'drill' without the minimum rating", { minRating: null }],
      ["1,000+ items match 'drill' on other dates", { startDate: null, endDate: null }],
      ["12 items match 'drill' within 10 miles", { radius: '10' }],
      ["4 items match 'drill' in All Items", {}],
    ] as const;
    for (const [name, changed] of links) {
      const href = screen.getByRole('link', { name }).getAttribute('href')!;
      const url = new URL(href, 'http://localhost');
      expect(url.pathname).toBe(name.endsWith('in All Items') ? '/category/all' : '/category/power-tools');
      const expected = {
        search: 'drill',
        maxPrice: '5',
        minRating: '4',
        startDate: start,
        endDate: end,
        near: 'Leeds',
        radius: '3',
        page: null,
        ...changed,
      };
      for (const [key, value] of Object.entries(expected)) expect(url.searchParams.get(key), `${key} of '${name}'`).toBe(value);
    }
  });

  it('a link removes its filter: the box empties and the matches show', async () => {
    const user = userEvent.setup();
    const drill = item({ id: 'drill', name: 'Cordless Drill', categoryId: 'power-tools' });
    const { app } = setup('/category/power-tools?search=drill&maxPrice=5', (url) =>
      url.searchParams.has('maxPrice') ? itemsPage([], { relaxations: [{ filter: 'maxPrice', total: 1 }] }) : itemsPage([drill]),
    );
    expect(await screen.findByRole('button', { name: 'Remove filter: Up to £5.00 a day' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters 1 set' }));
    expect(screen.getByLabelText('Max price (£ per day)')).toHaveValue(5);
    await user.click(await screen.findByRole('link', { name: "1 item matches 'drill' without the £5.00 limit" }));
    await waitFor(() => expect(app.url()).toBe('/category/power-tools?search=drill'));
    expect(await screen.findByRole('link', { name: 'Cordless Drill' })).toBeInTheDocument();
    expect(screen.getByLabelText('Max price (£ per day)')).toHaveValue(null);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByText('No items found matching your criteria')).toBeNull();
  });

  it('widens the distance to any: the radius goes, the place stays', async () => {
    const user = userEvent.setup();
    const { app } = setup('/category/power-tools?search=drill&near=Leeds&radius=25', () =>
      itemsPage([], { relaxations: [{ filter: 'radius', radiusMiles: null, total: 5 }] }),
    );
    await user.click(await screen.findByRole('link', { name: "5 items match 'drill' at any distance" }));
    await waitFor(() => expect(app.url()).toBe('/category/power-tools?search=drill&near=Leeds'));
  });

  it('shows only the empty state when no filter is to blame', async () => {
    setup('/category/power-tools?search=qzxv', () => itemsPage([]));
    expect(await screen.findByText('No items found matching your criteria')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /match/ })).toBeNull();
  });
});
