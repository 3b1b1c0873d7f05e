import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { categories, fakeFetch, item, itemsPage, json } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

function api() {
  return fakeFetch({
    '/api/categories': () => json(categories),
    '/api/categories/.*/items': () => json(itemsPage([item()])),
    '/api/auth/get-session': () => json(null),
  });
}

describe('the first screen welcomes with a search', () => {
  it('asks what you need above All Items in one band, and lists the categories once, in the sidebar', async () => {
    api();
    renderApp('/category/all');
    const welcome = await screen.findByRole('region', { name: 'Find a tool' });
    expect(within(welcome).getByRole('combobox', { name: 'What do you need?' })).toBeInTheDocument();
    // No second list of categories: the tiles are gone, the sidebar has them.
    expect(within(welcome).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('navigation', { name: 'Browse by category' })).toBeNull();
    const sidebar = screen.getByRole('navigation', { name: 'Categories' });
    expect(await within(sidebar).findAllByRole('link', { name: /^Garden Tools/ })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: /^Garden Tools/ })).toHaveLength(1);
    // One search box while the welcome shows: the welcome's.
    expect(screen.queryByRole('combobox', { name: 'Search' })).toBeNull();
    // The welcome comes first, then the All Items heading and the grid.
    const heading = screen.getByRole('heading', { level: 1, name: 'All Items' });
    expect(welcome.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument();
  });

  it('searches all items from the welcome, which gives way to the results with the focus on their heading', async () => {
    const calls = api();
    const user = userEvent.setup();
    const { url } = renderApp('/category/all');
    await user.type(await screen.findByRole('combobox', { name: 'What do you need?' }), '  hedge trimmer ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(url()).toBe('/category/all?search=hedge+trimmer'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Find a tool' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'All Items' })).toHaveFocus());
    await waitFor(() => expect(calls.itemRequests().at(-1)?.searchParams.get('search')).toBe('hedge trimmer'));
  });

  it('asks where too: a postcode or a town sets the place of the browse, within 5 miles until the filters say otherwise', async () => {
    api();
    const user = userEvent.setup();
    const { url } = renderApp('/category/all');
    await user.type(await screen.findByRole('combobox', { name: 'What do you need?' }), 'ladder');
    await user.type(screen.getByRole('textbox', { name: 'Where? A UK postcode or a town' }), 'OX2 6AE');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(new URL(url(), 'http://x').searchParams.get('near')).toBe('OX2 6AE'));
    const params = new URL(url(), 'http://x').searchParams;
    expect([params.get('search'), params.get('radius')]).toEqual(['ladder', '5']);
  });

  it('refuses what is not a place beside the box, and goes nowhere', async () => {
    api();
    const user = userEvent.setup();
    const { url } = renderApp('/category/all');
    await user.type(await screen.findByRole('textbox', { name: 'Where? A UK postcode or a town' }), '@@@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a UK postcode or a town');
    expect(screen.getByRole('textbox', { name: 'Where? A UK postcode or a town' })).toHaveAttribute('aria-invalid', 'true');
    expect(url()).toBe('/category/all');
  });

  it('sends nothing for a blank search', async () => {
    api();
    const user = userEvent.setup();
    const { url } = renderApp('/category/all');
    await user.type(await screen.findByRole('combobox', { name: 'What do you need?' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(url()).toBe('/category/all');
    expect(screen.getByRole('region', { name: 'Find a tool' })).toBeInTheDocument();
  });

  it('is not on a category page, nor on All Items once a filter is set', async () => {
    api();
    renderApp('/category/garden-tools');
    expect(await screen.findByRole('heading', { level: 1, name: 'Garden Tools' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Find a tool' })).not.toBeInTheDocument();
  });

  it('is not on All Items with a price filter', async () => {
    api();
    renderApp('/category/all?maxPrice=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'All Items' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Find a tool' })).not.toBeInTheDocument();
  });
});
