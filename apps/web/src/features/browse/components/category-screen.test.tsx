import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, categories, fakeFetch, item, itemsPage, json } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

/** Visible text inside a role="status" live region. */
async function findStatus(text: string) {
  const el = await screen.findByText(text);
  expect(el.closest('[role="status"]')).not.toBeNull();
  return el;
}

/** A response the test releases when it wants, to see what is shown meanwhile. */
function deferred() {
  let release!: (r: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

describe('category screen', () => {
  it("says 'Loading...' while categories load, then 'Fetching items from database...' while items load", async () => {
    const cats = deferred();
    const items = deferred();
    fakeFetch({ '/api/categories': () => cats.promise, '/api/categories/garden-tools/items': () => items.promise });
    renderApp('/category/garden-tools');

    await findStatus('Loading...');
    cats.release(json(categories));
    await findStatus('Fetching items from database...');
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Garden Tools' })).toBeInTheDocument();
    expect(screen.getByText('Mowers and trimmers.')).toBeInTheDocument();

    items.release(json(itemsPage([item()])));
    expect(await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument();
    expect(screen.queryByText('Fetching items from database...')).toBeNull();
  });

  it("shows 'Category not found' for a category missing from the list", async () => {
    fakeFetch({ '/api/categories': () => json(categories) });
    renderApp('/category/hovercraft');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
  });

  it("shows 'Category not found' when the items request answers 404", async () => {
    const withExtra = {
      ...categories,
      categories: [...categories.categories, { id: 'gone', name: 'Gone', description: '', itemCount: 0, picture: null }],
    };
    fakeFetch({
      '/api/categories': () => json(withExtra),
      '/api/categories/gone/items': () => apiError(404, 'NOT_FOUND', 'Category not found'),
    });
    renderApp('/category/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
  });

  it('shows the empty text when nothing matches', async () => {
    fakeFetch({ '/api/categories': () => json(categories), '/api/categories/power-tools/items': () => json(itemsPage([])) });
    renderApp('/category/power-tools?search=hovercraft');
    expect(await screen.findByText('No items found matching your criteria')).toBeInTheDocument();
  });

  it('shows an error with Try again, not the empty text, when items fail to load', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeFetch({
      '/api/categories': () => json(categories),
      '/api/categories/all/items': () => (fail ? apiError(500, 'INTERNAL', 'boom') : json(itemsPage([item()]))),
    });
    renderApp('/category/all');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Items could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('No items found matching your criteria')).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument();
  });

  it('shows a card with image, price per day, city, owner and rating', async () => {
    fakeFetch({ '/api/categories': () => json(categories), '/api/categories/all/items': () => json(itemsPage([item()], { total: 30 })) });
    renderApp('/category/all');

    const card = (await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).closest('li')!;
    expect(within(card).getByRole('img', { name: 'A red lawn mower on grass' })).toBeInTheDocument();
    expect(within(card).getByText('£12.50 / day')).toBeInTheDocument();
    expect(within(card).getByText('Leeds')).toBeInTheDocument();
    expect(within(card).getByText('Priya Shah')).toBeInTheDocument();
    expect(within(card).getByText('Rated 4.5 out of 5 from 12 ratings')).toBeInTheDocument();
    expect(screen.getByText('1 of 30 items')).toBeInTheDocument();
  });

  it('opens the item with the same query, keeping the filters in the URL', async () => {
    const user = userEvent.setup();
    fakeFetch({ '/api/categories': () => json(categories), '/api/categories/garden-tools/items': () => json(itemsPage([item()])) });
    const app = renderApp('/category/garden-tools?search=mower&maxPrice=20');

    await user.click(await screen.findByRole('link', { name: 'Petrol Lawn Mower' }));
    await waitFor(() => expect(app.url()).toBe('/category/garden-tools/item/item-1?search=mower&maxPrice=20'));
    // The category screen stays underneath the popup.
    expect(screen.getByRole('heading', { level: 1, name: 'Garden Tools' })).toBeInTheDocument();
  });

  it('pages with Previous and Next, keeping the filters', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      '/api/categories': () => json(categories),
      '/api/categories/all/items': (url) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        return json(itemsPage([item({ id: `item-${page}`, name: `Mower ${page}` })], { total: 60, page }));
      },
    });
    const app = renderApp('/category/all?search=mower');

    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Mower 2' })).toBeInTheDocument();
    expect(app.url()).toBe('/category/all?search=mower&page=2');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(api.itemRequests().at(-1)?.search).toBe('?search=mower&page=2');
  });

  it('goes to the last page there is when the address asks for one past the end', async () => {
    const api = fakeFetch({
      '/api/categories': () => json(categories),
      '/api/categories/all/items': (url) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        // 60 items, 24 a page: pages 1 to 3 exist.
        return json(itemsPage(page <= 3 ? [item({ id: `item-${page}`, name: `Mower ${page}` })] : [], { total: 60, page }));
      },
    });
    const app = renderApp('/category/all?search=mower&page=99');

    expect(await screen.findByRole('link', { name: 'Mower 3' })).toBeInTheDocument();
    expect(app.url()).toBe('/category/all?search=mower&page=3');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.queryByText(/page 99/i)).toBeNull();
    expect(api.itemRequests().at(-1)?.search).toBe('?search=mower&page=3');
  });

  it('shows card-shaped placeholders with the loading text while the first page loads', async () => {
    const items = deferred();
    fakeFetch({ '/api/categories': () => json(categories), '/api/categories/all/items': () => items.promise });
    const { container } = renderApp('/category/all');

    await findStatus('Fetching items from database...');
    expect(container.querySelectorAll('li[aria-hidden="true"] .animate-pulse').length).toBeGreaterThan(0);
    items.release(json(itemsPage([item()])));
    expect(await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument();
    expect(container.querySelectorAll('.animate-pulse')).toHaveLength(0);
  });
});
