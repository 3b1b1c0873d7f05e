import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedItem, SavedItemsPage } from '@toolshed/core/contract';
import { describe, expect, it, vi } from 'vitest';
import { item, itemsPage, json } from '../../test/fake-api.ts';
import { errorJson, fakeServer, testUser, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';

// Leaflet does not run here; the popup's map is not what these tests are about.
vi.mock('../item-detail/location-map.tsx', () => ({ default: () => <p>Map of the item</p> }));

const mower = item();
const drill = item({ id: 'item-2', name: 'Cordless Drill', categoryId: 'power-tools' });
const mine = item({ id: 'item-3', name: 'My Own Ladder', owner: { ...mower.owner, id: testUser.id } });

/** Browsing with these items, signed in (or not), with the saved items' routes the test gives. */
function browse(routes: Record<string, FakeRoute> = {}, options: { signedIn?: boolean; path?: string } = {}) {
  const server = fakeServer(
    { 'GET /api/categories/[^/]+/items': () => json(itemsPage([mower, drill, mine])), ...routes },
    { user: options.signedIn === false ? null : testUser },
  );
  return { server, app: renderApp(options.path ?? '/category/all') };
}

describe('the heart on a card', () => {
  it('saves the item and then removes it, named for what it does and pressed while saved', async () => {
    const user = userEvent.setup();
    // The server keeps what is saved, as the API does.
    const kept = new Set<string>();
    const idOf = (url: URL) => url.pathname.split('/').pop()!;
    const { server } = browse({
      'GET /api/me/saved/ids': () => json({ itemIds: [...kept] }),
      'PUT /api/me/saved/[^/]+': ({ url }) => {
        kept.add(idOf(url));
        return json({ itemId: idOf(url), saved: true, savedAt: '2030-06-01T10:00:00Z' });
      },
      'DELETE /api/me/saved/[^/]+': ({ url }) => {
        kept.delete(idOf(url));
        return new Response(null, { status: 204 });
      },
    });
    const heart = await screen.findByRole('button', { name: 'Save Petrol Lawn Mower' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await user.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Remove Petrol Lawn Mower from saved' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(server.sent('PUT', '/api/me/saved/item-1')).toHaveLength(1);
    expect(await screen.findByText('Saved Petrol Lawn Mower')).toBeInTheDocument();

    await user.click(pressed);
    expect(await screen.findByRole('button', { name: 'Save Petrol Lawn Mower' })).toBeInTheDocument();
    expect(server.sent('DELETE', '/api/me/saved/item-1')).toHaveLength(1);
    // Only the item pressed changed.
    expect(screen.getByRole('button', { name: 'Save Cordless Drill' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the items already saved as pressed', async () => {
    browse({ 'GET /api/me/saved/ids': () => json({ itemIds: ['item-2'] }) });
    const saved = await screen.findByRole('button', { name: 'Remove Cordless Drill from saved' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save Petrol Lawn Mower' }).getAttribute('aria-pressed')).toBe('false');
  });

  it("is not offered on the member's own item", async () => {
    browse();
    expect(await screen.findByRole('button', { name: 'Save Petrol Lawn Mower' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Own Ladder' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /My Own Ladder/ })).toBeNull();
  });

  it('says why when the server refuses, and the heart goes back', async () => {
    const user = userEvent.setup();
    browse({
      'PUT /api/me/saved/[^/]+': () => errorJson(409, 'CONFLICT', 'You can save at most 500 items. Remove some from Saved to make room.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Save Petrol Lawn Mower' }));
    expect(await screen.findByText('You can save at most 500 items. Remove some from Saved to make room.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Petrol Lawn Mower' }).getAttribute('aria-pressed')).toBe('false'));
  });

  it('sends a visitor to sign in, to come back to the same page with the save asked for', async () => {
    const user = userEvent.setup();
    const { app, server } = browse({}, { signedIn: false, path: '/category/all?search=mower' });
    await user.click(await screen.findByRole('button', { name: 'Save Petrol Lawn Mower' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(new URLSearchParams(app.location().search).get('from')).toBe('/category/all?search=mower&save=item-1');
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('makes the save once back from signing in, and takes it out of the address', async () => {
    const { app, server } = browse(
      { 'PUT /api/me/saved/[^/]+': () => json({ itemId: 'item-1', saved: true, savedAt: '2030-06-01T10:00:00Z' }) },
      { path: '/category/all?search=mower&save=item-1' },
    );
    expect(await screen.findByText('Saved. You will find it on your Saved page.')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/me/saved/item-1')).toHaveLength(1);
    expect(app.url()).toBe('/category/all?search=mower');
  });

  it('is in the popup too, beside the name', async () => {
    fakeServer(
      {
        'GET /api/categories/[^/]+/items': () => json(itemsPage([mower])),
        'GET /api/items/item-1': () =>
          json({
            ...mower,
            categoryName: 'Garden Tools',
            available: true,
            location: { address: null, city: 'Leeds', postcode: 'LS1', latitude: null, longitude: null, approximate: true },
            images: [],
            bookedRanges: [],
          }),
      },
      { user: testUser },
    );
    renderApp('/category/all/item/item-1');
    const dialog = await screen.findByRole('dialog', { name: 'Petrol Lawn Mower' });
    expect(await within(dialog).findByRole('button', { name: 'Save Petrol Lawn Mower' })).toBeInTheDocument();
  });

  it('is not shown in Mock Data mode, where nothing can be saved', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/category/all');
    expect(await screen.findByText('Mock Data')).toBeInTheDocument();
    // The sample catalogue's cards are there, without hearts.
    expect((await screen.findAllByText(/ \/ day$/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
  });
});

const saved = (overrides: Partial<SavedItem>): SavedItem => ({
  itemId: 'item-1',
  name: 'Petrol Lawn Mower',
  savedAt: '2030-06-01T10:00:00Z',
  listed: true,
  categoryId: 'garden-tools',
  dailyRatePence: 1250,
  imageUrl: '/media/1-thumb.webp',
  city: 'Leeds',
  availability: null,
  ...overrides,
});

function openSaved(answer: (url: URL) => SavedItemsPage, routes: Record<string, FakeRoute> = {}, path = '/saved') {
  const server = fakeServer({ 'GET /api/me/saved': ({ url }) => json(answer(url)), ...routes }, { user: testUser });
  return { server, app: renderApp(path) };
}

const page = (items: SavedItem[]): SavedItemsPage => ({ items, page: 1, pageSize: 50, total: items.length });

describe('the Saved page', () => {
  it('lists the saved items with price and place, and a removed one as a note that can be removed', async () => {
    const user = userEvent.setup();
    let items = [
      saved({}),
      saved({ itemId: 'item-9', name: 'Cordless Drill', listed: false, dailyRatePence: null, imageUrl: null, city: null }),
    ];
    const { server } = openSaved(() => page(items), {
      'DELETE /api/me/saved/[^/]+': ({ url }) => {
        items = items.filter((i) => i.itemId !== url.pathname.split('/').pop());
        return new Response(null, { status: 204 });
      },
    });
    const entry = (await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).closest('li')!;
    expect(within(entry).getByText('£12.50 / day')).toBeInTheDocument();
    expect(within(entry).getByText('Leeds')).toBeInTheDocument();
    expect(screen.getByText('2 saved items')).toBeInTheDocument();
    const note = screen.getByText('Cordless Drill is no longer listed').closest('li')!;
    // Never bookable: no link to it, no price.
    expect(within(note).queryByRole('link')).toBeNull();
    expect(within(note).queryByText(/£/)).toBeNull();
    await user.click(within(note).getByRole('button', { name: 'Remove Cordless Drill from saved' }));
    await waitFor(() => expect(screen.queryByText('Cordless Drill is no longer listed')).toBeNull());
    expect(server.sent('DELETE', '/api/me/saved/item-9')).toHaveLength(1);
    expect(screen.getByText('1 saved item')).toBeInTheDocument();
  });

  it('says whether each item is free on the dates chosen there', async () => {
    const user = userEvent.setup();
    const { server, app } = openSaved((url) =>
      page([
        saved({
          availability: url.searchParams.has('startDate') ? { free: true, message: null } : null,
        }),
        saved({
          itemId: 'item-2',
          name: 'Cordless Drill',
          availability: url.searchParams.has('startDate')
            ? { free: false, message: 'Someone has booked some of these dates. Please choose new dates.' }
            : null,
        }),
      ]),
    );
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    expect(screen.queryByText('Free on these dates')).toBeNull();
    await user.type(screen.getByLabelText('Start date'), '2030-07-01');
    await user.type(screen.getByLabelText('End date'), '2030-07-03');
    expect(await screen.findByText('Free on these dates')).toBeInTheDocument();
    expect(screen.getByText('Someone has booked some of these dates. Please choose new dates.')).toBeInTheDocument();
    const asked = server.sent('GET', '/api/me/saved').at(-1)!.url.searchParams;
    expect([asked.get('startDate'), asked.get('endDate')]).toEqual(['2030-07-01', '2030-07-03']);
    expect(app.url()).toBe('/saved?startDate=2030-07-01&endDate=2030-07-03');
    // The item opens on those dates.
    expect(screen.getByRole('link', { name: 'Petrol Lawn Mower' }).getAttribute('href')).toBe(
      '/category/garden-tools/item/item-1?startDate=2030-07-01&endDate=2030-07-03',
    );
  });

  it('refuses an end before the start, without asking the server about those dates', async () => {
    const { server } = openSaved(() => page([saved({})]), {}, '/saved?startDate=2030-07-05&endDate=2030-07-01');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    expect(screen.getByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('End date').getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('GET', '/api/me/saved').every((c) => !c.url.searchParams.has('startDate'))).toBe(true);
  });

  it('says how far each item is from the place remembered from browsing', async () => {
    localStorage.setItem('toolshed.near', JSON.stringify({ near: 'LS1', radius: '' }));
    const { server } = openSaved((url) => page([saved(url.searchParams.has('near') ? { distanceMiles: 1.5 } : {})]));
    const entry = (await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).closest('li')!;
    expect(within(entry).getByText('· 1.5 miles away')).toBeInTheDocument();
    expect(server.sent('GET', '/api/me/saved')[0]!.url.searchParams.get('near')).toBe('LS1');
  });

  it('leaves the distances out when the remembered place is not found', async () => {
    localStorage.setItem('toolshed.near', JSON.stringify({ near: 'Nowhere Town', radius: '' }));
    openSaved(() => page([saved({})]), {
      'GET /api/me/saved': ({ url }) =>
        url.searchParams.has('near')
          ? errorJson(400, 'VALIDATION', 'We could not find Nowhere Town.', { field: 'near' })
          : json(page([saved({})])),
    });
    const entry = (await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).closest('li')!;
    expect(within(entry).getByText('Leeds')).toBeInTheDocument();
    expect(within(entry).queryByText(/miles away/)).toBeNull();
  });

  it('says how to save when there is nothing saved', async () => {
    openSaved(() => page([]));
    expect(await screen.findByText('You have not saved any items yet. Press the heart on an item to keep it here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse items' }).getAttribute('href')).toBe('/category/all');
  });

  it('is linked from the account menu', async () => {
    openSaved(() => page([]), {}, '/my-rentals');
    const links = await screen.findAllByRole('link', { name: 'Saved' });
    expect(links[0]!.getAttribute('href')).toBe('/saved');
  });
});
