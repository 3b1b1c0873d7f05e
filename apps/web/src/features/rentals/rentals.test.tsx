import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';

const rentals = [
  rental({
    id: 'r-done',
    item: { id: 'i-2', name: 'Pressure Washer', imageUrl: null },
    status: 'completed',
    startDate: '2030-01-02',
    endDate: '2030-01-03',
    days: 2,
  }),
  rental({ id: 'r-late', item: { id: 'i-3', name: 'Tile Cutter', imageUrl: '/media/t.webp' }, status: 'active', overdue: true }),
  rental({ id: 'r-next' }),
  rental({ id: 'r-off', item: { id: 'i-4', name: 'Gazebo', imageUrl: null }, status: 'cancelled' }),
];

describe('my rentals page', () => {
  it('lists upcoming and active rentals first, with their status, dates, total and page', async () => {
    fakeServer({ 'GET /api/me/rentals': () => json({ rentals }) }, { user: testUser });
    renderApp('/my-rentals');
    const tab = await screen.findByRole('tab', { name: 'Upcoming & Active' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    const next = (await within(panel).findByRole('link', { name: 'Petrol Lawn Mower' })).closest('li')!;
    expect(within(next).getByText('Upcoming')).toBeInTheDocument();
    expect(within(next).getByText('1 Jun 2030 to 3 Jun 2030 · 3 days')).toBeInTheDocument();
    expect(within(next).getByText('£37.50')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Petrol Lawn Mower' }).getAttribute('href')).toBe('/rentals/r-next');
    const late = within(panel).getByRole('link', { name: 'Tile Cutter' }).closest('li')!;
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(within(panel).queryByText('Pressure Washer')).toBeNull();
  });

  it('shows completed and cancelled rentals under Past Rentals', async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/me/rentals': () => json({ rentals }) }, { user: testUser });
    renderApp('/my-rentals');
    await user.click(await screen.findByRole('tab', { name: 'Past Rentals' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'Pressure Washer' }).closest('li')!.textContent).toContain('Completed');
    expect(within(panel).getByRole('link', { name: 'Gazebo' }).closest('li')!.textContent).toContain('Cancelled');
    expect(within(panel).queryByText('Petrol Lawn Mower')).toBeNull();
  });

  it('says when either list is empty', async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/me/rentals': () => json({ rentals: [] }) }, { user: testUser });
    renderApp('/my-rentals');
    expect(await screen.findByText('No upcoming or active rentals found')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Past Rentals' }));
    expect(screen.getByText('No past rentals found')).toBeInTheDocument();
  });

  it('shows an error with a retry instead of an empty list when the rentals cannot be loaded', async () => {
    fakeServer({ 'GET /api/me/rentals': () => errorJson(500, 'INTERNAL', 'boom') }, { user: testUser });
    renderApp('/my-rentals');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your rentals could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('No upcoming or active rentals found')).toBeNull();
  });
});

describe('rental page', () => {
  it('shows one rental in full, linking to the item and its owner', async () => {
    fakeServer({ 'GET /api/rentals/r-next': () => json(rental({ id: 'r-next' })) }, { user: testUser });
    renderApp('/rentals/r-next');
    const item = await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    expect(item.getAttribute('href')).toBe('/category/all/item/item-mower');
    expect(screen.getByRole('link', { name: 'Sam Okafor' }).getAttribute('href')).toBe('/owner/owner-1');
    expect(screen.getByText('1 Jun 2030 to 3 Jun 2030')).toBeInTheDocument();
    expect(screen.getByText('3 days')).toBeInTheDocument();
    expect(screen.getByText('3 days £37.50')).toBeInTheDocument();
    expect(screen.getByText('£37.50')).toBeInTheDocument();
    expect(screen.getByText('Upcoming')).toBeInTheDocument();
    expect(screen.getByText('TS-7K3Q-92')).toBeInTheDocument();
  });

  it('tells the renter what was charged and what deposit is still held on their card', async () => {
    fakeServer({ 'GET /api/rentals/r-dep': () => json(rental({ id: 'r-dep', depositHeldPence: 5000 })) }, { user: testUser });
    renderApp('/rentals/r-dep');
    expect(
      await screen.findByText('£41.25 charged and £50.00 held, released after the return unless a problem is reported'),
    ).toBeInTheDocument();
  });

  it('follows a cancelled rental until its deposit hold is released, without a reload', async () => {
    let answers = 0;
    const cancelled = rental({ id: 'r-can', status: 'cancelled', depositHeldPence: 5000 });
    fakeServer(
      // The release runs in the background just after the cancellation: the second look finds it done.
      { 'GET /api/rentals/r-can': () => json((answers += 1) === 1 ? cancelled : { ...cancelled, depositHeldPence: 0 }) },
      { user: testUser },
    );
    renderApp('/rentals/r-can');
    expect(await screen.findByText('The £50.00 deposit hold is being released: it was never charged.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/deposit hold is being released/)).toBeNull(), { timeout: 6_000 });
    expect(screen.queryByText(/£50.00 held/)).toBeNull();
    expect(answers).toBeGreaterThanOrEqual(2);
  });

  it('explains a weekly price as weeks and days, not days at the daily rate', async () => {
    const weekly = rental({ id: 'r-week', endDate: '2030-06-09', days: 9, dailyRatePence: 800, weeklyRatePence: 4000, totalPence: 5600 });
    fakeServer({ 'GET /api/rentals/r-week': () => json(weekly) }, { user: testUser });
    renderApp('/rentals/r-week');
    expect(await screen.findByText('1 week £40.00 + 2 days £16.00')).toBeInTheDocument();
    expect(screen.getByText('£56.00')).toBeInTheDocument();
    expect(screen.queryByText('£8.00')).toBeNull();
  });

  it("links the owner to the renter's public page, where their track record is", async () => {
    const lent = rental({
      id: 'r-lent',
      role: 'owner',
      owner: { id: testUser.id, name: testUser.name },
      renter: { id: 'renter-7', name: 'Rowan Reed' },
    });
    fakeServer({ 'GET /api/rentals/r-lent': () => json(lent) }, { user: testUser });
    renderApp('/rentals/r-lent');
    expect(await screen.findByRole('link', { name: 'Rowan Reed' })).toHaveAttribute('href', '/owner/renter-7');
  });

  it('says Rental not found. for an unknown rental', async () => {
    fakeServer({ 'GET /api/rentals/nope': () => errorJson(404, 'NOT_FOUND', 'Rental not found.') }, { user: testUser });
    renderApp('/rentals/nope');
    expect(await screen.findByText('Rental not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Rentals' }).getAttribute('href')).toBe('/my-rentals');
  });
});
