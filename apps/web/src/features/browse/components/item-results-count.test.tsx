import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { categories, fakeFetch, item, itemsPage, json } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const fullPage = (page: number) => Array.from({ length: 24 }, (_, k) => item({ id: `item-${page}-${k}`, name: `Drill ${page}-${k}` }));

describe('result count and pages at the count bound', () => {
  it("says '1,000+' and keeps Next available past the pages it knows of", async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      '/api/categories': () => json(categories),
      '/api/categories/all/items': (url) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        return json(itemsPage(fullPage(page), { total: 1000, totalCapped: true, page }));
      },
    });
    const app = renderApp('/category/all?search=drill&page=42');

    expect(await screen.findByText('24 of 1,000+ items')).toBeInTheDocument();
    expect(screen.getByText('Page 42 of 42+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Drill 43-0' })).toBeInTheDocument();
    // A full page past the counted ones is real: it is shown, not sent back to page 42.
    expect(app.url()).toBe('/category/all?search=drill&page=43');
    expect(screen.getByText('Page 43 of 43+')).toBeInTheDocument();
    expect(api.itemRequests().at(-1)?.search).toBe('?search=drill&page=43');
  });

  it('an exact count of 1,000 ends on page 42 with Next disabled', async () => {
    fakeFetch({
      '/api/categories': () => json(categories),
      '/api/categories/all/items': () => json(itemsPage(fullPage(42).slice(0, 16), { total: 1000, totalCapped: false, page: 42 })),
    });
    renderApp('/category/all?search=drill&page=42');

    expect(await screen.findByText('16 of 1,000 items')).toBeInTheDocument();
    expect(screen.getByText('Page 42 of 42')).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a capped last page that is not full has no Next', async () => {
    fakeFetch({
      '/api/categories': () => json(categories),
      '/api/categories/all/items': () => json(itemsPage(fullPage(42).slice(0, 17), { total: 1000, totalCapped: true, page: 42 })),
    });
    renderApp('/category/all?search=drill&page=42');

    expect(await screen.findByText('17 of 1,000+ items')).toBeInTheDocument();
    expect(screen.getByText('Page 42 of 42')).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
