import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { categories, fakeFetch, itemsPage, json } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';

function setup(path: string) {
  fakeFetch({ '/api/categories': () => json(categories), '/api/categories/[^/]+/items': () => json(itemsPage([])) });
  return renderApp(path);
}

describe('app routes and layout', () => {
  it('redirects / to All Items', async () => {
    const app = setup('/');
    await waitFor(() => expect(app.url()).toBe('/category/all'));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Items' })).toBeInTheDocument();
  });

  it('shows a not-found page for unknown routes, inside the usual header and footer', async () => {
    setup('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('links the brand to All Items, and Help and About in the footer', async () => {
    setup('/help');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Toolshed' }).getAttribute('href')).toBe('/category/all');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    expect(within(footer).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
  });

  it('has a skip link to the main content', async () => {
    setup('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Toolshed' });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe('#main-content');
    expect(screen.getByRole('main').id).toBe('main-content');
  });

  it.each(['/login', '/forgot-password', '/reset-password?token=t', '/help', '/about', '/auth/callback?token=t'])(
    'gives %s one main landmark and one h1',
    async (path) => {
      setup(path);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getAllByRole('main')).toHaveLength(1);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    },
  );
});
