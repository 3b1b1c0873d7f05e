import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrowseMapProps } from './browse-map.tsx';

// Leaflet needs a real browser (the journeys draw it in Chromium): here the map is its markers as buttons.
vi.mock('./browse-map.tsx', () => ({
  default: ({ points, near: place, onOpen, onSearchArea }: BrowseMapProps) => (
    <section aria-label="Map of the matching items">
      {place && <p>Centred on {place.label}</p>}
      {points.map((p) => (
        <button key={p.id} type="button" onClick={() => onOpen(p.id)}>
          {p.name}, {p.distanceMiles} miles
        </button>
      ))}
      <button type="button" onClick={() => onSearchArea({ latitude: 53.8, longitude: -1.55 }, 3)}>
        Search this area
      </button>
    </section>
  ),
}));
import { categories, fakeFetch, item, itemsPage, json } from '../../../test/fake-api.ts';
import { testItem } from '../../../test/item-detail.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { recallPlace } from '../remembered-place.ts';

const near = { label: 'OX2', latitude: 51.77, longitude: -1.275, radiusMiles: 5 };

function setup(path: string, refuse?: string) {
  const api = fakeFetch({
    '/api/categories': () => json(categories),
    '/api/categories/[^/]+/items': (url) => {
      const place = url.searchParams.get('near');
      if (refuse && place === refuse)
        return json(
          { error: { code: 'VALIDATION', message: `"${refuse}" was not found. Enter a UK postcode or a town`, field: 'near' } },
          400,
        );
      return json(
        itemsPage(place ? [item({ distanceMiles: 1.2 }), item({ id: 'item-2', name: 'Cordless Drill', distanceMiles: 12 })] : [item()], {
          total: place ? 2 : 1,
          sort: place ? 'nearest' : 'relevance',
          ...(place
            ? {
                near: {
                  ...near,
                  // A point is named by the place it is near, as the API names it (core pointLabel).
                  ...(/^-?[\d.]+,-?[\d.]+$/.test(place) ? { label: 'a point near Headington' } : {}),
                  radiusMiles: url.searchParams.has('radius') ? Number(url.searchParams.get('radius')) : null,
                },
              }
            : {}),
        }),
      );
    },
    '/api/categories/[^/]+/items/map': (url) =>
      json({
        points: [
          { id: 'item-1', name: 'Petrol Lawn Mower', dailyRatePence: 1250, latitude: 51.77, longitude: -1.27, distanceMiles: 1.2 },
          { id: 'item-2', name: 'Cordless Drill', dailyRatePence: 800, latitude: 51.8, longitude: -1.2, distanceMiles: 12 },
        ],
        more: false,
        ...(url.searchParams.has('near') ? { near } : {}),
      }),
    '/api/items/[^/]+': (url) => json(testItem({ distanceMiles: url.searchParams.has('near') ? 1.2 : undefined })),
  });
  return { api, ...renderApp(path) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
/** The form waits behind its Filters button at every width. */
/** Opens the filters and waits for their form (its code comes when first opened). */
const openFilters = async () => {
  await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
  await screen.findByLabelText('Max price (£ per day)');
};

/** The browser's geolocation, as a test wants it to answer. */
function geolocation(getCurrentPosition: Geolocation['getCurrentPosition']) {
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('near me on the browse screen', () => {
  it('enters a place on Enter (not on every key), with a radius, and every card says how far', async () => {
    const user = userEvent.setup();
    const { api, url } = setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    await openFilters();
    expect(select('Distance').disabled).toBe(true);

    await user.type(field('Near (postcode or town)'), 'OX2 6AE');
    expect(url()).toBe('/category/all');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(url()).toBe('/category/all?near=OX2+6AE'));
    expect(select('Distance').disabled).toBe(false);
    await user.selectOptions(select('Distance'), '5');
    await waitFor(() => expect(url()).toBe('/category/all?near=OX2+6AE&radius=5'));
    await waitFor(() => expect(api.itemRequests().at(-1)?.search).toBe('?near=OX2+6AE&radius=5'));

    expect(await screen.findByRole('heading', { name: '2 of 2 items within 5 miles of OX2' })).toBeInTheDocument();
    const card = (name: string) => screen.getByRole('link', { name }).closest('li')!;
    expect(
      within(card('Petrol Lawn Mower'))
        .getByText(/1\.2 miles away/)
        .closest('p'),
    ).toHaveTextContent('Leeds · 1.2 miles away');
    expect(card('Cordless Drill')).toHaveTextContent('12 miles away');
    expect(recallPlace()).toEqual({ near: 'OX2 6AE', radius: '5' });
  });

  it('orders by relevance without a place and nearest first with one, and writes the order to the address', async () => {
    const user = userEvent.setup();
    const { url } = setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    const options = () => Array.from(select('Sort by').options).map((o) => o.text);
    expect(options()).toEqual(['Best match', 'Lowest price', 'Highest rated', 'Newest']);
    await user.selectOptions(select('Sort by'), 'price');
    await waitFor(() => expect(url()).toBe('/category/all?sort=price'));

    await openFilters();
    await user.type(field('Near (postcode or town)'), 'Leeds');
    await user.tab();
    expect(field('Near (postcode or town)')).not.toHaveFocus();
    await waitFor(() => expect(url()).toBe('/category/all?sort=price&near=Leeds'));
    await waitFor(() => expect(options()).toEqual(['Nearest', 'Lowest price', 'Highest rated', 'Newest']));
    await user.selectOptions(select('Sort by'), '');
    await waitFor(() => expect(url()).toBe('/category/all?near=Leeds'));
  });

  it('clearing the place takes its radius and nearest order with it and forgets it', async () => {
    const user = userEvent.setup();
    const { url } = setup('/category/all?near=Leeds&radius=3&sort=nearest');
    await screen.findByRole('link', { name: 'Cordless Drill' });
    expect(recallPlace()).toEqual({ near: 'Leeds', radius: '3' });
    await openFilters();
    await user.clear(field('Near (postcode or town)'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(url()).toBe('/category/all'));
    expect(recallPlace()).toBeNull();
  });

  it('brings the remembered place back on an address without one, replacing it', async () => {
    const { url, router } = setup('/category/all?near=Leeds&radius=10');
    await screen.findByRole('link', { name: 'Cordless Drill' });
    await act(() => router.navigate('/category/garden-tools'));
    await waitFor(() => expect(url()).toBe('/category/garden-tools?near=Leeds&radius=10'));
    // Back goes to the page before, not to the place-less address that was replaced.
    await act(() => router.navigate(-1));
    expect(url()).toBe('/category/all?near=Leeds&radius=10');
  });

  it("says what to type when the place is not one, and shows the API's word when nobody knows it", async () => {
    const user = userEvent.setup();
    const { api } = setup('/category/all?near=%21%21%21', 'Atlantis');
    await screen.findByRole('heading', { level: 1, name: 'All Items' });
    expect(field('Near (postcode or town)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a UK postcode or a town')).toBeInTheDocument();
    expect(api.itemRequests()).toHaveLength(0);

    await user.clear(field('Near (postcode or town)'));
    await user.type(field('Near (postcode or town)'), 'Atlantis');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('"Atlantis" was not found. Enter a UK postcode or a town')).toBeInTheDocument();
    expect(field('Near (postcode or town)').getAttribute('aria-invalid')).toBe('true');
    expect(recallPlace()).toBeNull();
  });

  it("asks for the browser's location only on its button, and puts it in the address to three places", async () => {
    const user = userEvent.setup();
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 51.7523456, longitude: -1.2581234 } } as GeolocationPosition),
    );
    geolocation(getCurrentPosition);
    const { url } = setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await openFilters();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(url()).toBe('/category/all?near=51.752%2C-1.258'));
    // The box names the place the point is near, never its coordinates; so does the chip.
    await waitFor(() => expect(field('Near (postcode or town)').value).toBe('a point near Headington'));
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    expect(screen.getByRole('button', { name: /Remove filter: Near a point near Headington/ })).toBeInTheDocument();
    expect(screen.queryByText(/51\.752/)).toBeNull();
  });

  it('says so when the browser will not share the location', async () => {
    const user = userEvent.setup();
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError),
    );
    geolocation(getCurrentPosition);
    setup('/category/all');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    await openFilters();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Your browser did not share your location. Enter a postcode or a town instead.')).toBeInTheDocument();
  });

  it('shows the results on a map on request, kept in the address, and a marker opens its item over it', async () => {
    const user = userEvent.setup();
    const { api, url, router } = setup('/category/all?near=OX2&radius=5');
    await screen.findByRole('link', { name: 'Cordless Drill' });
    await user.click(screen.getByRole('button', { name: 'Map' }));
    await waitFor(() => expect(url()).toBe('/category/all?near=OX2&radius=5&view=map'));
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    const marker = await screen.findByRole('button', { name: 'Cordless Drill, 12 miles' }, { timeout: 5_000 });
    expect(api.calls.find((u) => u.pathname === '/api/categories/all/items/map')?.search).toBe('?near=OX2&radius=5');
    expect(screen.getByRole('heading', { name: '2 items within 5 miles of OX2' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cordless Drill' })).toBeNull();

    await user.click(marker);
    await waitFor(() => expect(url()).toBe('/category/all/item/item-2?near=OX2&radius=5&view=map'));
    expect(await screen.findByText('1.2 miles away', {}, { timeout: 5_000 })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(url()).toBe('/category/all?near=OX2&radius=5&view=map');
  });

  it('searches the area the map shows: its middle, with the radius that reaches its corners', async () => {
    const user = userEvent.setup();
    const { url } = setup('/category/all?near=OX2&view=map');
    await user.click(await screen.findByRole('button', { name: 'Search this area' }, { timeout: 5_000 }));
    await waitFor(() => expect(url()).toBe('/category/all?near=53.8%2C-1.55&view=map&radius=3'));
  });

  it('the popup says how far away the item is from the place browsed', async () => {
    const { api } = setup('/category/all/item/item-1?near=OX2');
    expect(await screen.findByText('1.2 miles away', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(api.calls.find((u) => u.pathname === '/api/items/item-1')?.search).toBe('?near=OX2');
  });
});

describe('a place with nothing within the radius', () => {
  /** Nothing within 5 or 10 miles; the nearest three at 24 miles, in Reading; in power tools, only beyond 50. */
  function nothingNear() {
    return fakeFetch({
      '/api/categories': () => json(categories),
      '/api/categories/[^/]+/items': (url) => {
        const radius = url.searchParams.has('radius') ? Number(url.searchParams.get('radius')) : null;
        const answer = { near: { ...near, radiusMiles: radius }, sort: 'nearest' as const };
        if (url.pathname.includes('power-tools'))
          return json(
            radius === null
              ? itemsPage([item({ name: 'Far Kettle', city: 'Coventry', distanceMiles: 60 })], answer)
              : itemsPage([], { ...answer, nearest: { city: 'Coventry', distanceMiles: 60, radiusMiles: null, total: 1 } }),
          );
        return json(
          radius !== null && radius < 25
            ? itemsPage([], { ...answer, nearest: { city: 'Reading', distanceMiles: 24, radiusMiles: 25, total: 3 } })
            : itemsPage([item({ name: 'Reading Rake', city: 'Reading', distanceMiles: 24 })], answer),
        );
      },
    });
  }

  it('names the nearest matches and widens the radius to reach them on click', async () => {
    const user = userEvent.setup();
    const api = nothingNear();
    const { url } = renderApp('/category/all?near=OX2&radius=5');
    expect(await screen.findByText('Nothing within 5 miles of OX2. The nearest: 3 items in Reading, 24 miles.')).toBeInTheDocument();
    expect(screen.queryByText('No items found matching your criteria')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Show items within 25 miles' }));
    await waitFor(() => expect(url()).toBe('/category/all?near=OX2&radius=25'));
    await waitFor(() => expect(api.itemRequests().at(-1)?.search).toBe('?near=OX2&radius=25'));
    expect(await screen.findByRole('link', { name: 'Reading Rake' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter: Near OX2, within 25 miles' })).toBeInTheDocument();
    await openFilters();
    expect(select('Distance').value).toBe('25');
  });

  it("offers 'Show all' when no radius reaches them", async () => {
    const user = userEvent.setup();
    nothingNear();
    const { url } = renderApp('/category/power-tools?near=OX2&radius=50');
    expect(await screen.findByText('Nothing within 50 miles of OX2. The nearest: 1 item in Coventry, 60 miles.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Show all' }));
    await waitFor(() => expect(url()).toBe('/category/power-tools?near=OX2'));
    expect(await screen.findByRole('link', { name: 'Far Kettle' })).toBeInTheDocument();
  });
});
