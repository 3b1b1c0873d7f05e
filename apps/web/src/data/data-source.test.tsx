import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FirstScreenData } from '@toolshed/core';
import { describe, expect, it, vi } from 'vitest';
import { apiError, categories, fakeFetch, html, item, itemsPage, json } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';

const sidebar = () => screen.getByRole('navigation', { name: 'Categories' });

describe('data source start-up check', () => {
  it('switches to Mock Data and shows the sample catalogue when the request fails at the network level', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/category/all');

    expect(await screen.findByText('Mock Data')).toBeInTheDocument();
    // The sample catalogue has all eleven categories, and its items fill the grid.
    expect(await within(sidebar()).findByRole('link', { name: /^Musical Instruments \d+ items$/ })).toBeInTheDocument();
    expect(await screen.findByText(/^24 of \d+ items$/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('switches to Mock Data when a static server answers with index.html', async () => {
    fakeFetch({ '/api/.*': () => html(200) });
    renderApp('/category/garden-tools');
    expect(await screen.findByText('Mock Data')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Garden Tools' })).toBeInTheDocument();
  });

  it('switches to Mock Data when the server answers 404 with an HTML page', async () => {
    fakeFetch({ '/api/.*': () => html(404) });
    renderApp('/category/all');
    expect(await screen.findByText('Mock Data')).toBeInTheDocument();
  });

  it('uses the API when it answers with categories, without asking for them twice', async () => {
    const api = fakeFetch({
      '/api/categories': () => json(categories),
      '/api/categories/garden-tools/items': () => json(itemsPage([item()])),
    });
    renderApp('/category/garden-tools');

    expect(await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument();
    expect(screen.queryByText('Mock Data')).toBeNull();
    expect(api.calls.filter((u) => u.pathname === '/api/categories')).toHaveLength(1);
  });

  it('stays on the API when it answers in its own error format, and shows an error with a retry', async () => {
    const user = userEvent.setup();
    let healthy = false;
    fakeFetch({
      '/api/categories': () => (healthy ? json(categories) : apiError(503, 'UNAVAILABLE', 'Database starting')),
      '/api/categories/all/items': () => json(itemsPage([item()])),
    });
    renderApp('/category/all');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Categories could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('Mock Data')).toBeNull();

    healthy = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Items' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument());
  });
});

describe('Mock Data fallback whenever the API does not answer', () => {
  /** The page came from our server with its first screen embedded; the API has gone away since. */
  const embedded = (): FirstScreenData => ({
    at: Date.now(),
    categories,
    items: { categoryId: 'all', query: '', page: itemsPage([item()]) },
  });

  it.each([
    ['the request fails at the network level', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a proxy answers 502 with its own page', () => html(502)],
  ])(
    'when %s after the page was served, the popup and the listing come from the sample catalogue with the badge',
    async (_case, failure) => {
      fakeFetch({ '/api/.*': failure });
      const user = userEvent.setup();
      renderApp('/category/all', { firstScreen: embedded() });
      // The embedded first screen renders in API mode, without the badge.
      expect(screen.getByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument();
      expect(screen.queryByText('Mock Data')).not.toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Petrol Lawn Mower' }));
      expect(await screen.findByText('Mock Data')).toBeInTheDocument();
      expect(screen.queryByText('Could not load this item')).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
      // The grid is the sample catalogue now, and its items open.
      expect(await screen.findByText(/^24 of \d+ items$/)).toBeInTheDocument();
      const first = within(screen.getByRole('main'))
        .getAllByRole('link')
        .find((l) => l.getAttribute('href')?.includes('/item/'));
      expect(first).toBeDefined();
      await user.click(first!);
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByRole('heading', { level: 2, name: first!.textContent ?? '' })).toBeInTheDocument();
    },
  );
});
