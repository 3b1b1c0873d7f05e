import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAVED_SEARCHES_LIMIT_MESSAGE, type SavedSearch } from '@toolshed/core/contract';
import { describe, expect, it, vi } from 'vitest';
import { item, itemsPage, json } from '../../../test/fake-api.ts';
import { errorJson, fakeServer, testUser, type FakeRoute } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const savedSearch = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  id: 'search-1',
  name: 'Ladder in Garden Tools near LS6 2AB',
  categoryId: 'garden-tools',
  categoryName: 'Garden Tools',
  search: 'ladder',
  maxPricePence: 1000,
  minRating: 4,
  near: 'LS6 2AB',
  placeLabel: 'LS6 2AB',
  radiusMiles: 5,
  frequency: 'instant',
  paused: false,
  createdAt: '2030-06-01T10:00:00.000Z',
  newMatches: 0,
  path: '/category/garden-tools?search=ladder',
  ...overrides,
});

function browse(path: string, routes: Record<string, FakeRoute> = {}, signedIn = true) {
  const server = fakeServer(
    { 'GET /api/categories/[^/]+/items': () => json(itemsPage([item()])), ...routes },
    { user: signedIn ? testUser : null },
  );
  return { server, app: renderApp(path) };
}

const saveButton = () => screen.findByRole('button', { name: 'Save this search' });

describe('Save this search', () => {
  it("sends the browse's category, words, price, rating and place (not its dates or order), and says it is saved", async () => {
    const user = userEvent.setup();
    const { server } = browse('/category/garden-tools?search=ladder&maxPrice=10&minRating=4&near=LS6+2AB&radius=5&sort=price', {
      'POST /api/me/saved-searches': () => json(savedSearch(), 201),
    });
    const opener = await saveButton();
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    // Focus moves in, to the name, which may stay empty for the server to fill.
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: 'As soon as something is listed' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Once a day, in the morning' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText("Saved. We'll tell you about new matches.")).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Saved searches' }).getAttribute('href')).toBe('/saved-searches');
    expect(server.sent('POST', '/api/me/saved-searches').map((c) => c.body)).toEqual([
      { categoryId: 'garden-tools', search: 'ladder', maxPrice: '10', minRating: '4', near: 'LS6 2AB', radius: '5', frequency: 'daily' },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Save this search' })).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('sends the name typed, trimmed', async () => {
    const user = userEvent.setup();
    const { server } = browse('/category/all?search=drill', { 'POST /api/me/saved-searches': () => json(savedSearch(), 201) });
    await user.click(await saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.type(within(dialog).getByLabelText('Name'), '  Drills for the shed  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText("Saved. We'll tell you about new matches.");
    expect(server.sent('POST', '/api/me/saved-searches')[0]!.body).toEqual({
      categoryId: 'all',
      search: 'drill',
      frequency: 'instant',
      name: 'Drills for the shed',
    });
  });

  it("shows the server's refusal as it comes, keeps the dialog open, and Escape closes it with focus back on the button", async () => {
    const user = userEvent.setup();
    browse('/category/all?search=drill', {
      'POST /api/me/saved-searches': () => errorJson(409, 'CONFLICT', SAVED_SEARCHES_LIMIT_MESSAGE),
    });
    const opener = await saveButton();
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SAVED_SEARCHES_LIMIT_MESSAGE);
    expect(within(dialog).queryByText("Saved. We'll tell you about new matches.")).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Save this search' })).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('shows a refused name beside the name field', async () => {
    const user = userEvent.setup();
    browse('/category/all?search=drill', {
      'POST /api/me/saved-searches': () => errorJson(400, 'VALIDATION', 'A name can be at most 60 characters', { field: 'name' }),
    });
    await user.click(await saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.type(within(dialog).getByLabelText('Name'), 'Drills');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('A name can be at most 60 characters');
  });

  it('sends a visitor to sign in first, and opens the dialog on the same browse when they come back', async () => {
    const user = userEvent.setup();
    const visitor = browse('/category/all?search=ladder&near=LS6+2AB', {}, false);
    await user.click(await saveButton());
    await waitFor(() => expect(visitor.app.location().pathname).toBe('/login'));
    expect(new URLSearchParams(visitor.app.location().search).get('from')).toBe('/category/all?search=ladder&near=LS6+2AB&saveSearch=1');
    expect(visitor.server.calls.filter((c) => c.method === 'POST')).toEqual([]);
    visitor.app.unmount();

    const member = browse('/category/all?search=ladder&near=LS6+2AB&saveSearch=1');
    expect(await screen.findByRole('dialog', { name: 'Save this search' })).toBeInTheDocument();
    await waitFor(() => expect(member.app.url()).toBe('/category/all?search=ladder&near=LS6+2AB'));
  });

  it('is not offered in Mock Data mode, where there is no account to save to', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/category/all?search=mower');
    expect(await screen.findByText('Mock Data')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /items/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
  });
});
