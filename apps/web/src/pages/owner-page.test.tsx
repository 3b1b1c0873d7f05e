import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnerProfile } from '@toolshed/core/contract';
import { describe, expect, it, vi } from 'vitest';
import { item, itemsPage, json } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { errorJson, fakeServer } from '../test/fake-server.ts';
import { testItem } from '../test/item-detail.ts';

// Leaflet does not run here; the popup's map is not what these tests are about.
vi.mock('../features/item-detail/location-map.tsx', () => ({ default: () => <p>Map of the item</p> }));

function owner(overrides: Partial<OwnerProfile> = {}): OwnerProfile {
  return {
    id: 'owner-1',
    name: 'Priya Shah',
    picture: null,
    rating: 4.5,
    totalRatings: 12,
    memberSince: '2025-03-14T10:00:00.000Z',
    record: {
      emailVerified: true,
      phoneVerified: false,
      rentalsCompleted: 14,
      returnedOnTime: 14,
      lendingsCompleted: 9,
      claimsUpheldAgainst: 0,
    },
    reviews: [
      {
        id: 'rev-1',
        rating: 4,
        comment: 'Great mower, easy pick-up.',
        reviewerId: 'u-2',
        reviewerName: 'Sam Okafor',
        itemId: 'item-1',
        itemName: 'Petrol Lawn Mower',
        date: '2026-10-02T23:30:00.000Z',
      },
    ],
    reviewsTotal: 1,
    ...overrides,
  };
}

const mower = item();
const drill = item({ id: 'item-2', name: 'Hammer Drill', categoryId: 'power-tools' });

function openOwner(
  path: string,
  profile: () => Response,
  pages: Record<number, ReturnType<typeof itemsPage>> = { 1: itemsPage([mower, drill]) },
) {
  const server = fakeServer({
    'GET /api/owners/owner-1': profile,
    'GET /api/owners/owner-1/items': ({ url }) => json(pages[Number(url.searchParams.get('page'))] ?? itemsPage([])),
    'GET /api/items/item-2': () => json(testItem({ id: 'item-2', name: 'Hammer Drill' })),
  });
  return { server, app: renderApp(path) };
}

describe('owner page', () => {
  it("shows the member's track record: what is verified, rentals returned on time, lendings, the claim upheld against them", async () => {
    openOwner('/owner/owner-1', () =>
      json(
        owner({
          record: {
            emailVerified: true,
            phoneVerified: true,
            rentalsCompleted: 3,
            returnedOnTime: 2,
            lendingsCompleted: 1,
            claimsUpheldAgainst: 1,
          },
        }),
      ),
    );
    const record = await screen.findByRole('list', { name: 'Track record' });
    expect(
      within(record)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Email verified', 'Phone verified', '3 rentals, 2 returned on time', 'Lent once', '1 claim upheld against them']);
  });

  it('says no claims were upheld against a member with rentals behind them', async () => {
    openOwner('/owner/owner-1', () => json(owner()));
    const record = await screen.findByRole('list', { name: 'Track record' });
    expect(
      within(record)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Email verified', '14 rentals, all returned on time', 'Lent 9 times', 'No claims upheld']);
  });

  it('says so plainly when a member has no rentals yet and nothing but the email verified', async () => {
    openOwner('/owner/owner-1', () =>
      json(
        owner({
          record: {
            emailVerified: true,
            phoneVerified: false,
            rentalsCompleted: 0,
            returnedOnTime: 0,
            lendingsCompleted: 0,
            claimsUpheldAgainst: 0,
          },
        }),
      ),
    );
    const record = await screen.findByRole('list', { name: 'Track record' });
    expect(
      within(record)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Email verified', 'No rentals yet']);
  });

  it('shows the owner with initials, rating, membership, items and reviews', async () => {
    openOwner('/owner/owner-1', () => json(owner()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Shah' })).toBeInTheDocument();
    expect(screen.getByText('PS')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.5 out of 5 from 12 ratings')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2025')).toBeInTheDocument();

    const items = screen.getByRole('region', { name: 'Items' });
    expect(await within(items).findByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument();
    expect(within(items).getByRole('link', { name: 'Hammer Drill' })).toBeInTheDocument();

    const reviews = screen.getByRole('region', { name: 'Reviews (1)' });
    const review = within(reviews).getByRole('heading', { name: 'Sam Okafor' }).closest('li')!;
    expect(within(review).getByText('Rated 4 out of 5')).toBeInTheDocument();
    // 23:30 UTC on 2 October is already the 3rd in London.
    expect(within(review).getByText('3 Oct 2026')).toBeInTheDocument();
    expect(within(review).getByText('Rented: Petrol Lawn Mower')).toBeInTheDocument();
    expect(within(review).getByText('Great mower, easy pick-up.')).toBeInTheDocument();
  });

  it('opens an item in the popup over the page, and closing it leaves the page as it was', async () => {
    const user = userEvent.setup();
    const { app } = openOwner('/owner/owner-1', () => json(owner()));
    await user.click(await screen.findByRole('link', { name: 'Hammer Drill' }));
    expect(app.url()).toBe('/owner/owner-1?item=item-2');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 3000 });
    expect(await within(dialog).findByRole('heading', { name: 'Hammer Drill' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Priya Shah' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.url()).toBe('/owner/owner-1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("has a heart on each of the owner's items, which sends a visitor to sign in and back", async () => {
    const user = userEvent.setup();
    const { app } = openOwner('/owner/owner-1', () => json(owner()));
    const heart = await screen.findByRole('button', { name: 'Save Hammer Drill' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Save Petrol Lawn Mower' })).toBeInTheDocument();
    await user.click(heart);
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(new URLSearchParams(app.location().search).get('from')).toBe('/owner/owner-1?save=item-2');
  });

  it('pages through the items', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => item({ id: `i-${i}`, name: `Tool ${i}` }));
    const { app, server } = openOwner('/owner/owner-1', () => json(owner()), {
      1: itemsPage(many, { total: 13, pageSize: 12 }),
      2: itemsPage([item({ id: 'i-12', name: 'Tool 12' })], { total: 13, page: 2, pageSize: 12 }),
    });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Tool 12' })).toBeInTheDocument();
    expect(app.url()).toBe('/owner/owner-1?page=2');
    const asked = server.sent('GET', '/api/owners/owner-1/items').map((c) => c.url.search);
    expect(asked).toContain('?page=1&pageSize=12');
    expect(asked).toContain('?page=2&pageSize=12');
  });

  it("says 'No ratings yet' and 'No reviews yet' for a new owner", async () => {
    openOwner('/owner/owner-1', () => json(owner({ rating: null, totalRatings: 0, reviews: [], picture: '/media/avatars/p.webp' })), {
      1: itemsPage([]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Shah' })).toBeInTheDocument();
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(await screen.findByText('Priya Shah has no items listed right now.')).toBeInTheDocument();
  });

  it('leads with the items on /owner/:id/items, the reviews folded away', async () => {
    openOwner('/owner/owner-1/items', () => json(owner()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Shah' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Items' }).getAttribute('aria-current')).toBe('page');
    const summary = screen.getByText('Reviews (1)');
    expect(summary.closest('details')!.open).toBe(false);
    expect(await screen.findByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument();
  });

  it("says 'Owner not found' for an unknown owner", async () => {
    openOwner('/owner/owner-1', () => errorJson(404, 'NOT_FOUND', 'Owner not found'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Owner not found' })).toBeInTheDocument();
  });
});
