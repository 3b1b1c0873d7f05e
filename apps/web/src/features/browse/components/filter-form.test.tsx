import { addDays, todayInLondon } from '@toolshed/core';
// eslint-disable-next-line no-restricted-imports -- one test changes two dates before React draws the first, which user-event cannot do
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { categories, fakeFetch, item, itemsPage, json } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

function setup(path: string) {
  const api = fakeFetch({
    '/api/categories': () => json(categories),
    '/api/categories/[^/]+/items': () => json(itemsPage([item()], { total: 60 })),
  });
  return { api, ...renderApp(path) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The form waits behind its Filters button at every width. */
/** Opens the filters and waits for their form (its code comes when first opened). */
const openFilters = async () => {
  await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
  await screen.findByLabelText('Max price (£ per day)');
};
const today = todayInLondon();

function expectInvalid(label: string, message: string) {
  const input = field(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const described = document.getElementById(input.getAttribute('aria-describedby') ?? '');
  expect(described?.textContent).toBe(message);
}

describe('filter form and the URL', () => {
  it('reads every filter from the URL and sends them with the items request', async () => {
    const start = addDays(today, 3);
    const end = addDays(today, 5);
    const { api } = setup(`/category/all?search=drill&maxPrice=20&startDate=${start}&endDate=${end}&minRating=4`);

    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    expect(field('Search').value).toBe('drill');
    expect(screen.queryByLabelText('Max price (£ per day)'), 'the form waits behind its button').toBeNull();
    await openFilters();
    expect(field('Max price (£ per day)').value).toBe('20');
    expect(field('Start date').value).toBe(start);
    expect(field('End date').value).toBe(end);
    expect(field('Minimum owner rating').value).toBe('4');
    expect(api.itemRequests().at(-1)?.search).toBe(`?search=drill&maxPrice=20&startDate=${start}&endDate=${end}&minRating=4`);
  });

  it('offers Any and the five rating steps, and dates from today in London', async () => {
    setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    await openFilters();
    const options = Array.from((field('Minimum owner rating') as unknown as HTMLSelectElement).options).map((o) => o.text);
    expect(options).toEqual(['Any', '3+ stars', '3.5+ stars', '4+ stars', '4.5+ stars', '5 stars']);
    expect(field('Start date').min).toBe(today);
    expect(field('End date').min).toBe(today);
  });

  it('writes typed search text after a pause, resets the page, and Back skips the keystrokes', async () => {
    // Keys back to back, so the pause that writes the URL comes only after each burst, however busy the machine.
    const user = userEvent.setup({ delay: null });
    const { api, url, router } = setup('/category/garden-tools?page=2');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });

    await user.type(field('Search'), 'dri');
    expect(url()).toBe('/category/garden-tools?page=2'); // not yet: the write waits for a pause
    await waitFor(() => expect(url()).toBe('/category/garden-tools?search=dri'));
    await waitFor(() => expect(field('Search')).toHaveValue('dri'));
    await user.type(field('Search'), 'll');
    await waitFor(() => expect(url()).toBe('/category/garden-tools?search=drill'));
    await waitFor(() => expect(api.itemRequests().at(-1)?.search).toBe('?search=drill'));

    // One history entry for the whole burst of typing: Back returns to the unfiltered page.
    await act(() => router.navigate(-1));
    expect(url()).toBe('/category/garden-tools?page=2');
    expect(field('Search').value).toBe('');
  });

  it('keeps what was typed while its write to the address is being drawn (a key then adds to it)', async () => {
    const user = userEvent.setup({ delay: null });
    // The items answer takes a while, so the navigation that writes the search is still being drawn.
    let release = () => {};
    fakeFetch({
      '/api/categories': () => json(categories),
      '/api/categories/[^/]+/items': (u) =>
        u.searchParams.get('search') === 'dri'
          ? new Promise<Response>((resolve) => (release = () => resolve(json(itemsPage([item()])))))
          : json(itemsPage([item()])),
    });
    const { url } = renderApp('/category/garden-tools');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    await user.type(field('Search'), 'dri');
    // Every moment from the write to the answer, the box still says what was typed.
    const seen = new Set<string>();
    const watch = setInterval(() => seen.add(screen.queryByLabelText<HTMLInputElement>('Search')?.value ?? '(no search box)'), 5);
    try {
      await waitFor(() => expect(url()).toBe('/category/garden-tools?search=dri'));
      await user.type(field('Search'), 'll');
      release();
      await waitFor(() => expect(url()).toBe('/category/garden-tools?search=drill'));
    } finally {
      clearInterval(watch);
    }
    expect(field('Search')).toHaveValue('drill');
    expect([...seen].filter((v) => !'drill'.startsWith(v) || v === '')).toEqual([]);
  });

  it('shows the core validation message beside an invalid field and does not query', async () => {
    // Keys back to back: no pause inside '12.345' writes a partial amount.
    const user = userEvent.setup({ delay: null });
    const { api, url } = setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    const before = api.itemRequests().length;

    await openFilters();
    await user.type(field('Max price (£ per day)'), '12.345');
    await waitFor(() => expect(url()).toBe('/category/all?maxPrice=12.345'));
    await waitFor(() =>
      expectInvalid('Max price (£ per day)', 'Max price must be an amount in pounds, 0 or more (for example 25 or 12.50)'),
    );
    expect(screen.getByText('Correct the highlighted filter to see matching items.')).toBeInTheDocument();
    expect(api.itemRequests()).toHaveLength(before);

    await user.clear(field('Max price (£ per day)'));
    await user.type(field('Max price (£ per day)'), '12.50');
    await waitFor(() => expect(api.itemRequests().at(-1)?.search).toBe('?maxPrice=12.50'));
    expect(field('Max price (£ per day)').getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses an end date before the start date', async () => {
    const { api } = setup(`/category/all?startDate=${addDays(today, 5)}&endDate=${addDays(today, 2)}`);
    await screen.findByRole('heading', { level: 1, name: 'All Items' });
    expectInvalid('End date', 'End date cannot be before the start date');
    expect(api.itemRequests()).toHaveLength(0);
  });

  it('refuses a start date before today', async () => {
    setup(`/category/all?startDate=${addDays(today, -1)}`);
    await screen.findByRole('heading', { level: 1, name: 'All Items' });
    expectInvalid('Start date', 'Start date cannot be in the past');
  });

  it('applies a rating or date at once, starting again from page 1', async () => {
    const user = userEvent.setup();
    const { url } = setup('/category/all?search=saw&page=3');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    await openFilters();

    await user.selectOptions(field('Minimum owner rating'), '4.5');
    await waitFor(() => expect(url()).toBe('/category/all?search=saw&minRating=4.5'));
    await user.type(field('Start date'), addDays(today, 1));
    await waitFor(() => expect(url()).toBe(`/category/all?search=saw&minRating=4.5&startDate=${addDays(today, 1)}`));
  });

  it('keeps both dates when the end follows the start before the page has redrawn', async () => {
    // Navigations render as transitions: a second change can come while the first is still being
    // rendered, and must build on the address the first one wrote, not on the one last drawn.
    const { url } = setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    await openFilters();
    const start = addDays(today, 20);
    const end = addDays(today, 21);

    // fireEvent: both changes land in one act(), before React draws the first; user-event draws after each.
    act(() => {
      fireEvent.change(field('Start date'), { target: { value: start } });
      fireEvent.change(field('End date'), { target: { value: end } });
    });
    await waitFor(() => expect(url()).toBe(`/category/all?startDate=${start}&endDate=${end}`));
  });

  it('clears every filter', async () => {
    const user = userEvent.setup();
    const { url } = setup('/category/garden-tools?search=saw&maxPrice=9&minRating=3&page=2');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });

    await openFilters();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url()).toBe('/category/garden-tools'));
    expect(field('Search').value).toBe('');
    expect(field('Max price (£ per day)').value).toBe('');
    expect(field('Minimum owner rating').value).toBe('');
  });

  it('clears a search typed but not yet written, and writes nothing for it afterwards', async () => {
    const user = userEvent.setup({ delay: null });
    const { url } = setup('/category/garden-tools?minRating=3');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });

    await openFilters();
    await user.type(field('Search'), 'saw');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url()).toBe('/category/garden-tools'));
    expect(field('Search').value).toBe('');
    // Past the pause that would have written 'saw': the dropped write stays dropped.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(url()).toBe('/category/garden-tools');
    expect(field('Search').value).toBe('');
  });

  it('follows Back to an older search while the box still shows the newer one', async () => {
    const user = userEvent.setup({ delay: null });
    const { url, router } = setup('/category/all?search=saw');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });

    await user.clear(field('Search'));
    await user.type(field('Search'), 'drill');
    await waitFor(() => expect(url()).toBe('/category/all?search=drill'));
    await act(() => router.navigate(-1));
    expect(url()).toBe('/category/all?search=saw');
    await waitFor(() => expect(field('Search')).toHaveValue('saw'));
  });
});
