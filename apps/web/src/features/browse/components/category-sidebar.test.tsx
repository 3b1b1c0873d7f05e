import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { categories, fakeFetch, itemsPage, json } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

function setup(path: string) {
  fakeFetch({ '/api/categories': () => json(categories), '/api/categories/[^/]+/items': () => json(itemsPage([])) });
  return renderApp(path);
}

const nav = () => screen.getByRole('navigation', { name: 'Categories' });

describe('category sidebar', () => {
  it('lists All Items with the total, then each category with its count, marking the current one', async () => {
    setup('/category/power-tools');
    const links = await within(nav()).findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['All Items3 items', 'Garden Tools2 items', 'Power Tools1 item']);
    expect(within(nav()).getByRole('link', { name: 'Power Tools 1 item' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav()).getByRole('link', { name: 'All Items 3 items' }).getAttribute('aria-current')).toBeNull();
  });

  it('filters categories by name as you type', async () => {
    const user = userEvent.setup();
    setup('/category/all');
    await within(nav()).findByRole('link', { name: /^Garden Tools/ });
    expect(within(nav()).getByRole('searchbox', { name: 'Filter categories' })).toBeInTheDocument();
    await user.type(within(nav()).getByPlaceholderText('Search categories...'), 'pow');
    expect(within(nav()).queryByRole('link', { name: /^Garden Tools/ })).toBeNull();
    expect(within(nav()).getByRole('link', { name: /^Power Tools/ })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: /^All Items/ })).toBeInTheDocument();

    await user.clear(within(nav()).getByPlaceholderText('Search categories...'));
    await user.type(within(nav()).getByPlaceholderText('Search categories...'), 'zzz');
    expect(within(nav()).getByText("No categories match 'zzz'")).toBeInTheDocument();
  });

  it('opens and closes the Categories panel on small screens', async () => {
    const user = userEvent.setup();
    setup('/category/all');
    const toggle = await within(nav()).findByRole('button', { name: 'Categories' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.className).toMatch(/(^|\s)hidden(\s|$)/);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.className).not.toMatch(/(^|\s)hidden(\s|$)/);
    // Picking a category closes the panel again.
    await user.click(await within(nav()).findByRole('link', { name: /^Garden Tools/ }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
