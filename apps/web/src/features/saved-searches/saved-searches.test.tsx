import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedSearch, SavedSearchesPage } from '@toolshed/core/contract';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { deferred, errorJson, fakeServer, testUser, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';

const search = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  id: 'search-1',
  name: 'Ladder near LS6 2AB',
  categoryId: 'all',
  categoryName: null,
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
  path: '/category/all?search=ladder&maxPrice=10&minRating=4&near=LS6+2AB&radius=5',
  ...overrides,
});

/** The API's saved searches as a little store: PATCH and DELETE change what the next GET answers. */
function openSearches(initial: SavedSearch[], routes: Record<string, FakeRoute> = {}) {
  let kept = [...initial];
  const idOf = (url: URL) => url.pathname.split('/').pop()!;
  const page = (): SavedSearchesPage => ({ searches: kept, page: 1, pageSize: 50, total: kept.length });
  const server = fakeServer(
    {
      'GET /api/me/saved-searches': () => json(page()),
      'PATCH /api/me/saved-searches/[^/]+': ({ url, body }) => {
        const change = body as Partial<SavedSearch>;
        if (change.name !== undefined && change.name.trim() === '')
          return errorJson(400, 'VALIDATION', 'Give the search a name', { field: 'name' });
        kept = kept.map((s) => (s.id === idOf(url) ? { ...s, ...change } : s));
        return json(kept.find((s) => s.id === idOf(url)));
      },
      'DELETE /api/me/saved-searches/[^/]+': ({ url }) => {
        kept = kept.filter((s) => s.id !== idOf(url));
        return new Response(null, { status: 204 });
      },
      ...routes,
    },
    { user: testUser },
  );
  return { server, app: renderApp('/saved-searches') };
}

const entryOf = async (name: string) => (await screen.findByRole('heading', { level: 2, name })).closest('li')!;

describe('the Saved searches page', () => {
  it('lists each search with what it looks for in words, how often, and paused or new matches waiting', async () => {
    openSearches([
      search(),
      search({
        id: 'search-2',
        name: 'Garden Tools',
        categoryId: 'garden-tools',
        categoryName: 'Garden Tools',
        search: null,
        maxPricePence: null,
        minRating: null,
        near: null,
        placeLabel: null,
        radiusMiles: null,
        frequency: 'daily',
        newMatches: 3,
      }),
      search({ id: 'search-3', name: 'Quiet one', paused: true, radiusMiles: null }),
    ]);
    const ladder = await entryOf('Ladder near LS6 2AB');
    expect(
      within(ladder).getByText('“ladder” · in every category · up to £10.00 a day · owners rated 4+ stars · within 5 miles of LS6 2AB'),
    ).toBeInTheDocument();
    expect(within(ladder).getByText('Alerts are on')).toBeInTheDocument();
    expect(within(ladder).getByLabelText('How often')).toHaveDisplayValue('As soon as something is listed');
    expect(within(ladder).getByRole('link', { name: 'See the results of Ladder near LS6 2AB' }).getAttribute('href')).toBe(
      '/category/all?search=ladder&maxPrice=10&minRating=4&near=LS6+2AB&radius=5',
    );
    const garden = await entryOf('Garden Tools');
    expect(within(garden).getByText('Anything · in Garden Tools')).toBeInTheDocument();
    expect(within(garden).getByText("3 new matches waiting for the morning's email")).toBeInTheDocument();
    expect(within(garden).getByLabelText('How often')).toHaveDisplayValue('Once a day, in the morning');
    const quiet = await entryOf('Quiet one');
    expect(within(quiet).getByText('Paused: no alerts are sent')).toBeInTheDocument();
    expect(within(quiet).getByText(/near LS6 2AB$/)).toBeInTheDocument();
    expect(within(quiet).getByRole('button', { name: 'Resume alerts' })).toBeInTheDocument();
    expect(screen.getByText('3 saved searches (at most 25)')).toBeInTheDocument();
  });

  it('pauses and resumes alerts, and changes how often they come', async () => {
    const user = userEvent.setup();
    const { server } = openSearches([search()]);
    const entry = await entryOf('Ladder near LS6 2AB');
    await user.click(within(entry).getByRole('button', { name: 'Pause alerts' }));
    expect(await within(entry).findByText('Paused: no alerts are sent')).toBeInTheDocument();
    expect(await screen.findByText('Alerts for “Ladder near LS6 2AB” are paused')).toBeInTheDocument();
    await user.click(within(entry).getByRole('button', { name: 'Resume alerts' }));
    expect(await within(entry).findByRole('button', { name: 'Pause alerts' })).toBeInTheDocument();

    await user.selectOptions(within(entry).getByLabelText('How often'), 'Once a day, in the morning');
    await waitFor(() => expect(within(entry).getByLabelText('How often')).toHaveDisplayValue('Once a day, in the morning'));
    expect(server.sent('PATCH', '/api/me/saved-searches/search-1').map((c) => c.body)).toEqual([
      { paused: true },
      { paused: false },
      { frequency: 'daily' },
    ]);
  });

  it('renames a search inline, shows a refused name beside the box, and Cancel puts focus back on Rename', async () => {
    const user = userEvent.setup();
    const { server } = openSearches([search()]);
    let entry = await entryOf('Ladder near LS6 2AB');
    await user.click(within(entry).getByRole('button', { name: 'Rename' }));
    const box = within(entry).getByLabelText('New name');
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.click(within(entry).getByRole('button', { name: 'Save name' }));
    expect(await within(entry).findByText('Give the search a name')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(entry).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(entry).getByRole('button', { name: 'Rename' })).toHaveFocus());

    await user.click(within(entry).getByRole('button', { name: 'Rename' }));
    await user.clear(within(entry).getByLabelText('New name'));
    await user.type(within(entry).getByLabelText('New name'), 'Ladders for the loft{Enter}');
    expect(await screen.findByText('Renamed to “Ladders for the loft”')).toBeInTheDocument();
    expect(server.sent('PATCH', '/api/me/saved-searches/search-1').at(-1)!.body).toEqual({ name: 'Ladders for the loft' });
    entry = (await entryOf('Ladders for the loft')) as HTMLLIElement;
    expect(within(entry).queryByLabelText('New name')).toBeNull();
  });

  it('deletes a search only once confirmed', async () => {
    const user = userEvent.setup();
    const { server } = openSearches([search(), search({ id: 'search-2', name: 'Drills' })]);
    const entry = await entryOf('Ladder near LS6 2AB');
    await user.click(within(entry).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete “Ladder near LS6 2AB”?' });
    // Focus starts on the harmless choice.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.sent('DELETE', '/api/me/saved-searches/search-1')).toEqual([]);

    await user.click(within(entry).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete “Ladder near LS6 2AB”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Ladder near LS6 2AB' })).toBeNull());
    expect(server.sent('DELETE', '/api/me/saved-searches/search-1')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Drills' })).toBeInTheDocument();
    expect(screen.getByText('1 saved search (at most 25)')).toBeInTheDocument();
  });

  it('says how to save one when there are none', async () => {
    openSearches([]);
    expect(
      await screen.findByText(
        'You have no saved searches yet. Browse with some words, a category, filters or a place, then press Save this search.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse items' }).getAttribute('href')).toBe('/category/all');
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    openSearches([], { 'GET /api/me/saved-searches': () => errorJson(500, 'INTERNAL', 'boom') });
    expect(await screen.findByText('Your saved searches could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is linked from the account menu and from the Saved page', async () => {
    fakeServer({ 'GET /api/me/saved': () => json({ items: [], page: 1, pageSize: 50, total: 0 }) }, { user: testUser });
    renderApp('/saved');
    const links = await screen.findAllByRole('link', { name: 'Saved searches' });
    expect(links[0]!.getAttribute('href')).toBe('/saved-searches');
    expect((await screen.findByRole('link', { name: 'Your saved searches' })).getAttribute('href')).toBe('/saved-searches');
  });
});

function openStop(token: string, answer: FakeRoute) {
  const server = fakeServer({ 'POST /api/saved-searches/unsubscribe/[^/]+': answer }, { user: null });
  return { server, app: renderApp(`/alerts/stop/${token}`) };
}

describe('the stop-alerts page', () => {
  it('stops the alerts with one POST from the page, signed out, and names the search', async () => {
    const { server } = openStop('tok_aaaaaaaaaaaaaaaaaaaaaa', () => json({ name: 'Ladder near LS6 2AB', stopped: true }));
    expect(await screen.findByText("You won't get alerts for “Ladder near LS6 2AB” any more.")).toBeInTheDocument();
    expect(server.sent('POST', '/api/saved-searches/unsubscribe/tok_aaaaaaaaaaaaaaaaaaaaaa')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Your saved searches' }).getAttribute('href')).toBe('/saved-searches');
    expect(screen.getByRole('link', { name: 'Browse items' }).getAttribute('href')).toBe('/category/all');
  });

  it('posts once even where React runs effects twice (StrictMode, as the app is mounted)', async () => {
    const server = fakeServer(
      { 'POST /api/saved-searches/unsubscribe/[^/]+': () => json({ name: 'Drills', stopped: true }) },
      { user: null },
    );
    renderApp('/alerts/stop/tok_ffffffffffffffffffffff', { strict: true });
    expect(await screen.findByText("You won't get alerts for “Drills” any more.")).toBeInTheDocument();
    expect(server.sent('POST', '/api/saved-searches/unsubscribe/tok_ffffffffffffffffffffff')).toHaveLength(1);
  });

  it('says when they were already stopped', async () => {
    const { server } = openStop('tok_bbbbbbbbbbbbbbbbbbbbbb', () => json({ name: 'Ladder near LS6 2AB', stopped: false }));
    expect(await screen.findByText('These alerts were already stopped.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/saved-searches/unsubscribe/tok_bbbbbbbbbbbbbbbbbbbbbb')).toHaveLength(1);
  });

  it('says so clearly when the link stops nothing', async () => {
    openStop('tok_cccccccccccccccccccccc', () =>
      errorJson(404, 'NOT_FOUND', 'This link does not stop any alerts: the search may have been deleted.'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not stop any alerts: the search may have been deleted.');
  });

  it('shows that it is working until the answer comes', async () => {
    const answer = deferred();
    openStop('tok_dddddddddddddddddddddd', () => answer.promise);
    expect(await screen.findByText('Stopping these alerts...')).toBeInTheDocument();
    answer.release(json({ name: 'Drills', stopped: true }));
    expect(await screen.findByText("You won't get alerts for “Drills” any more.")).toBeInTheDocument();
  });

  it('stops nothing in Mock Data mode and says it needs the live service', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/alerts/stop/tok_eeeeeeeeeeeeeeeeeeeeee');
    expect(await screen.findByRole('alert')).toHaveTextContent('Stopping alerts needs the live Toolshed service');
    const posts = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(posts).toEqual([]);
  });
});
