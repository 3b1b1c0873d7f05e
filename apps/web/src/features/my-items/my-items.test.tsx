import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnerItem } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser, type FakeRoute } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';

function ownerItem(overrides: Partial<OwnerItem> = {}): OwnerItem {
  return {
    id: 'item-1',
    name: 'Hedge Trimmer',
    categoryId: 'garden-tools',
    dailyRatePence: 1250,
    available: true,
    underReview: false,
    imageUrl: '/media/items/item-1/a-thumb.webp',
    rentalState: 'available',
    savedBy: 0,
    periods: [],
    ...overrides,
  };
}

const trimmer = ownerItem({
  periods: [{ rentalId: 'r-up', renterName: 'Ada Lovelace', startDate: '2030-06-01', endDate: '2030-06-03', state: 'upcoming' }],
});
const hidden = ownerItem({ id: 'item-2', name: 'Tile Cutter', categoryId: 'diy-hand-tools', available: false });
const saw = ownerItem({
  id: 'item-3',
  name: 'Circular Saw',
  categoryId: 'power-tools',
  rentalState: 'overdue',
  periods: [{ rentalId: 'r-late', renterName: 'Rory Renter', startDate: '2026-11-01', endDate: '2026-11-05', state: 'overdue' }],
});
const mower = ownerItem({
  id: 'item-4',
  name: 'Lawn Mower',
  rentalState: 'out',
  periods: [{ rentalId: 'r-out', renterName: 'Bea Borrower', startDate: '2026-11-20', endDate: '2026-11-24', state: 'out' }],
});

function openMyItems(items: () => OwnerItem[], routes: Record<string, FakeRoute> = {}, path = '/my-items') {
  const server = fakeServer({ 'GET /api/me/items': () => json({ items: items() }), ...routes }, { user: testUser });
  return { server, app: renderApp(path) };
}

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li')!;

describe('My Items', () => {
  it('lists items that are not with a renter under Available, with price, category, badge and periods', async () => {
    openMyItems(() => [trimmer, hidden, saw, mower]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Hedge Trimmer' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Available' }).getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).queryByText('Circular Saw')).toBeNull();

    const first = card('Hedge Trimmer');
    expect(within(first).getByText('£12.50 / day')).toBeInTheDocument();
    expect(within(first).getByText('Garden Tools')).toBeInTheDocument();
    expect(within(first).getByText('Upcoming')).toBeInTheDocument();
    expect(within(first).getByText('Ada Lovelace · 1 Jun 2030 to 3 Jun 2030')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Mark as returned/ })).toBeNull();
    expect(within(first).queryByText('Not listed')).toBeNull();
    expect(within(first).getByRole('link', { name: 'Edit Hedge Trimmer' }).getAttribute('href')).toBe('/edit-item/item-1');
    expect(within(card('Tile Cutter')).getByText('Not listed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add item' }).getAttribute('href')).toBe('/add-item');
  });

  it('says how many members saved an item, and nothing of who', async () => {
    openMyItems(() => [ownerItem({ savedBy: 3 }), hidden]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Hedge Trimmer' })).toBeInTheDocument();
    expect(within(card('Hedge Trimmer')).getByText('Saved by 3')).toBeInTheDocument();
    expect(within(card('Tile Cutter')).queryByText(/^Saved by/)).toBeNull();
  });

  it('lists out and overdue items under Currently Rented, also by arrow key', async () => {
    const user = userEvent.setup();
    const { app } = openMyItems(() => [trimmer, saw, mower]);
    const available = await screen.findByRole('tab', { name: 'Available' });
    await user.click(available);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Currently Rented' }).getAttribute('aria-selected')).toBe('true');
    expect(app.url()).toBe('/my-items?tab=rented');
    const late = card('Circular Saw');
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(within(card('Lawn Mower')).getByText('Out now')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).queryByText('Hedge Trimmer')).toBeNull();
  });

  it('marks a rental returned after confirming, then shows the fresh list', async () => {
    const user = userEvent.setup();
    let returned = false;
    const { server } = openMyItems(
      () => (returned ? [{ ...saw, rentalState: 'available', periods: [] }] : [saw]),
      {
        'POST /api/rentals/r-late/return': () => {
          returned = true;
          return new Response(null, { status: 204 });
        },
      },
      '/my-items?tab=rented',
    );
    await user.click(await screen.findByRole('button', { name: /^Mark as returned/ }));
    const dialog = screen.getByRole('dialog', { name: 'Mark Circular Saw as returned?' });
    expect(within(dialog).getByText(/Rented by Rory Renter from 1 Nov 2026 to 5 Nov 2026/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as returned' }));

    expect(await screen.findByText('Marked as returned')).toBeInTheDocument();
    expect(server.sent('POST', '/api/rentals/r-late/return')).toHaveLength(1);
    expect(await screen.findByText('None of your items are rented out right now.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's reason when an item with rentals cannot be deleted, and Cancel keeps it", async () => {
    const user = userEvent.setup();
    const reason =
      'This item has upcoming or active rentals, so it cannot be deleted yet. It can be deleted once they are returned or cancelled.';
    const { server } = openMyItems(() => [trimmer], { 'DELETE /api/items/item-1': () => errorJson(409, 'CONFLICT', reason) });
    await user.click(await screen.findByRole('button', { name: 'Delete Hedge Trimmer' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Hedge Trimmer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', reason);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Hedge Trimmer' })).toBeInTheDocument();
    expect(server.sent('DELETE', '/api/items/item-1')).toHaveLength(1);
  });

  it('says delete failed in plain words for other errors, and removes the item once deleted', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    let gone = false;
    openMyItems(() => (gone ? [] : [trimmer]), {
      'DELETE /api/items/item-1': () => {
        attempts += 1;
        if (attempts === 1) return errorJson(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
        gone = true;
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Hedge Trimmer' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete item. Please try again.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'List your first item' }).getAttribute('href')).toBe('/add-item'));
  });

  it('shows an error with a retry, not an empty list, when the items cannot be loaded', async () => {
    openMyItems(() => [], { 'GET /api/me/items': () => errorJson(500, 'INTERNAL', 'boom') });
    expect(await screen.findByText('Your items could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('List your first item')).toBeNull();
  });
});

describe('My Items after returns', () => {
  it('links each open rental to its page and offers a review of a returned one, or shows the rating given', async () => {
    const lent = [
      rental({
        id: 'r-done',
        item: { id: 'item-1', name: 'Hedge Trimmer', imageUrl: null },
        role: 'owner',
        status: 'completed',
        renter: { id: 'u-9', name: 'Ada Lovelace' },
      }),
      rental({
        id: 'r-rated',
        item: { id: 'item-1', name: 'Hedge Trimmer', imageUrl: null },
        role: 'owner',
        status: 'completed',
        renter: { id: 'u-8', name: 'Bea Borrower' },
        myReview: { rating: 3.5, comment: '', date: '2030-06-05T10:00:00.000Z' },
      }),
    ];
    openMyItems(() => [trimmer], { 'GET /api/me/lent-rentals': () => json({ rentals: lent }) });
    const open = await screen.findByRole('link', { name: 'Ada Lovelace · 1 Jun 2030 to 3 Jun 2030' });
    expect(open.closest('ul')!.getAttribute('aria-label')).toBe('Rentals of Hedge Trimmer');
    expect(open.getAttribute('href')).toBe('/rentals/r-up');
    const returned = await screen.findByRole('list', { name: 'Returned rentals of Hedge Trimmer' });
    expect(within(returned).getByRole('link', { name: 'Leave a review: Hedge Trimmer' }).getAttribute('href')).toBe(
      '/rentals/r-done#review',
    );
    expect(within(returned).getByText('Rated 3.5 out of 5')).toBeInTheDocument();
  });
});
