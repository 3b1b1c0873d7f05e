import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, formatDate, todayInLondon } from '@toolshed/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { categories, fakeFetch, item, itemsPage, json } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

type HappyWindow = Window & { happyDOM: { setViewport(size: { width: number; height: number }): void } };
const viewport = (width: number, height: number) => (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });

beforeEach(() => viewport(390, 844));
afterEach(() => viewport(1024, 768));

function setup(path: string) {
  const api = fakeFetch({
    '/api/categories': () => json(categories),
    '/api/categories/all/items': () => json(itemsPage([item()])),
  });
  return { api, app: renderApp(path) };
}

describe('filters on a phone', () => {
  it('sit behind a Filters button that counts the ones set, so the first screen shows items', async () => {
    // The words are in the search box, not behind the button: they are not counted.
    setup('/category/all?search=mower&maxPrice=20&minRating=4');
    expect(await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument();
    expect(screen.queryByRole('search', { name: 'Filter items' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters 2 set' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('open in a sheet that takes focus, filter from there, and give focus back on closing', async () => {
    const user = userEvent.setup();
    const { app } = setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    const button = screen.getByRole('button', { name: 'Filters' });
    await user.click(button);

    // The sheet's code is fetched on the first tap.
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(sheet.contains(document.activeElement)).toBe(true);
    await user.selectOptions(within(sheet).getByLabelText('Minimum owner rating'), '4');
    await waitFor(() => expect(app.url()).toBe('/category/all?minRating=4'));

    await user.click(within(sheet).getByRole('button', { name: 'Show results' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters 1 set' }));
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
  });
});

describe('filters on a wide screen', () => {
  beforeEach(() => viewport(1280, 900));

  it('wait behind a Filters button too, which opens them in place and moves the focus to the first field', async () => {
    const user = userEvent.setup();
    const { app } = setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    expect(screen.queryByRole('search', { name: 'Filter items' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button.getAttribute('aria-haspopup')).toBeNull();

    await user.click(button);
    const form = screen.getByRole('search', { name: 'Filter items' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(button.getAttribute('aria-controls')!)?.contains(form)).toBe(true);
    expect(document.activeElement).toBe(within(form).getByLabelText('Near (postcode or town)'));
    // Not a modal: the results stay in reach while the filters are open.
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.selectOptions(within(form).getByLabelText('Minimum owner rating'), '4');
    await waitFor(() => expect(app.url()).toBe('/category/all?minRating=4'));
    expect(screen.getByRole('button', { name: 'Filters 1 set' })).toBe(button);
  });

  it('close on Escape from a field, and the focus goes back to the button', async () => {
    const user = userEvent.setup();
    setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByLabelText('Max price (£ per day)'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('search', { name: 'Filter items' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(button);
  });

  it('close again from the button', async () => {
    const user = userEvent.setup();
    setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('search', { name: 'Filter items' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryByRole('search', { name: 'Filter items' })).toBeNull();
  });

  it('count what is set, a place and the two dates each as one, and show each as a chip that removes it', async () => {
    const user = userEvent.setup();
    const start = addDays(todayInLondon(), 3);
    const end = addDays(todayInLondon(), 5);
    const { app } = setup(`/category/all?search=mower&maxPrice=20&startDate=${start}&endDate=${end}&near=OX2&radius=5`);
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    expect(screen.getByRole('button', { name: 'Filters 3 set' })).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Filters set' }))
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(chips).toEqual([
      'Remove filter: Near OX2, within 5 miles',
      'Remove filter: Up to £20.00 a day',
      `Remove filter: ${formatDate(start)} to ${formatDate(end)}`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove filter: Up to £20.00 a day' }));
    await waitFor(() => expect(app.url()).toBe(`/category/all?search=mower&startDate=${start}&endDate=${end}&near=OX2&radius=5`));
    // The focus moves to the chip that took its place.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe(`Remove filter: ${formatDate(start)} to ${formatDate(end)}`),
    );
    await user.click(screen.getByRole('button', { name: /^Remove filter: .* to / }));
    await waitFor(() => expect(app.url()).toBe('/category/all?search=mower&near=OX2&radius=5'));
    await user.click(screen.getByRole('button', { name: 'Remove filter: Near OX2, within 5 miles' }));
    await waitFor(() => expect(app.url()).toBe('/category/all?search=mower'));
    // None left: the focus is on the Filters button, which counts none.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters' })));
    expect(screen.queryByRole('list', { name: 'Filters set' })).toBeNull();
  });

  it('open by themselves when a filter in the address is not valid, to show its message beside it', async () => {
    setup('/category/all?maxPrice=abc');
    const form = await screen.findByRole('search', { name: 'Filter items' });
    expect(within(form).getByLabelText('Max price (£ per day)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Correct the highlighted filter to see matching items.')).toBeInTheDocument();
  });
});
