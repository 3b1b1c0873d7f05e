import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    setup('/category/all?search=mower&maxPrice=20');
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
  it('show beside the results without a button', async () => {
    viewport(1280, 900);
    setup('/category/all');
    expect(await screen.findByRole('search', { name: 'Filter items' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });
});
