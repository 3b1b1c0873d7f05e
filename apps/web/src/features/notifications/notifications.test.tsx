import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationEntry, NotificationList } from '@toolshed/core/contract';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, testUser } from '../../test/fake-server.ts';
import { UNREAD_POLL_MS } from '../../data/get-unread-count.ts';

afterEach(() => vi.useRealTimers());

function entry(overrides: Partial<NotificationEntry> & { title: string; link: string; read?: boolean }): NotificationEntry {
  const { title, link, read = false, ...rest } = overrides;
  return {
    groupKey: `item:${title}`,
    type: 'item',
    itemId: 'item-1',
    itemName: 'Hedge Trimmer',
    rental: null,
    unreadCount: read ? 0 : 1,
    latestAt: '2030-06-01T09:00:00.000Z',
    notifications: [
      { id: `n-${title}`, kind: 'rental.booked', title, body: `${title} body`, link, createdAt: '2030-06-01T09:00:00.000Z', read },
    ],
    ...rest,
  };
}

const items: NotificationList = {
  tab: 'items',
  page: 1,
  pageSize: 50,
  total: 3,
  unread: { items: 3, rentals: 1 },
  entries: [
    entry({
      groupKey: 'item:a',
      itemName: 'Hedge Trimmer',
      unreadCount: 2,
      title: 'New booking: Hedge Trimmer',
      link: '/item/a/messages?with=r1',
    }),
    entry({ groupKey: 'item:b', itemName: 'Ladder', title: 'New message from Rosa about Ladder', link: '/item/b/messages?with=r2' }),
    entry({
      groupKey: 'account',
      type: 'account',
      itemId: null,
      itemName: null,
      read: true,
      title: 'Withdrawal paid: £12.34',
      link: '/profile?tab=balance',
    }),
  ],
};
const rentals: NotificationList = {
  tab: 'rentals',
  page: 1,
  pageSize: 50,
  total: 1,
  unread: { items: 3, rentals: 1 },
  entries: [
    entry({
      groupKey: 'rental:r9',
      type: 'rental',
      itemName: 'Gazebo',
      rental: { id: 'r9', startDate: '2030-06-02', endDate: '2030-06-04', totalPence: 4550, status: 'upcoming' },
      title: 'Return reminder: Gazebo',
      link: '/rentals/r9',
    }),
  ],
};

describe('the header bell', () => {
  it('shows the unread count and updates it without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 0;
    fakeServer({ 'GET /api/notifications/unread-count': () => json({ count }) }, { user: testUser });
    renderApp('/about');
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    count = 1;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});

describe('/notifications', () => {
  it('shows My Items entries in the server order (unread first, by unread count), with their unread counts', async () => {
    fakeServer(
      { 'GET /api/notifications': ({ url }) => json(url.searchParams.get('tab') === 'rentals' ? rentals : items) },
      { user: testUser },
    );
    renderApp('/notifications');
    expect(await screen.findByRole('tab', { name: 'My Items (3)', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    const headings = (await within(panel).findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual(['Hedge Trimmer', 'Ladder', 'Your account']);
    expect(within(panel).getByText('2 unread')).toBeInTheDocument();
  });

  it('shows a rental entry with dates, total in pounds and status under My Rentals', async () => {
    const user = userEvent.setup();
    fakeServer(
      { 'GET /api/notifications': ({ url }) => json(url.searchParams.get('tab') === 'rentals' ? rentals : items) },
      { user: testUser },
    );
    renderApp('/notifications');
    await user.click(await screen.findByRole('tab', { name: 'My Rentals (1)' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('heading', { name: 'Gazebo' })).toBeInTheDocument();
    expect(within(panel).getByText('2 Jun 2030 to 4 Jun 2030 · £45.50')).toBeInTheDocument();
    expect(within(panel).getByText('Upcoming')).toBeInTheDocument();
  });

  it("shows the renter's receipt for a paid order under My Rentals, tagged as a receipt and linked to the order", async () => {
    const user = userEvent.setup();
    const body =
      'You paid £116.60 (Visa ending 4242) for Drill and Ladder. We have emailed you the receipt, with the pick-up details and cancellation terms.';
    const receipt: NotificationList = {
      tab: 'rentals',
      page: 1,
      pageSize: 50,
      total: 1,
      unread: { items: 0, rentals: 1 },
      entries: [
        entry({
          groupKey: 'account',
          type: 'account',
          itemId: null,
          itemName: null,
          title: 'Order paid: £116.60',
          link: '/payment-success?order=p-1',
          notifications: [
            {
              id: 'n-receipt',
              kind: 'order.paid',
              title: 'Order paid: £116.60',
              body,
              link: '/payment-success?order=p-1',
              createdAt: '2030-06-01T09:00:00.000Z',
              read: false,
            },
          ],
        }),
      ],
    };
    fakeServer(
      { 'GET /api/notifications': ({ url }) => json(url.searchParams.get('tab') === 'rentals' ? receipt : items) },
      { user: testUser },
    );
    renderApp('/notifications');
    await user.click(await screen.findByRole('tab', { name: 'My Rentals (1)' }));
    const panel = screen.getByRole('tabpanel');
    expect((await within(panel).findAllByRole('heading', { level: 2 })).map((h) => h.textContent)).toEqual(['Your orders']);
    const link = within(panel).getByRole('link', { name: /Order paid: £116\.60/ });
    expect(link.getAttribute('href')).toBe('/payment-success?order=p-1');
    expect(within(link).getByText('Receipt').textContent).toBe('Receipt');
    expect(within(link).getByText(body).textContent).toBe(body);
  });

  it('opening an entry reads it and goes where it points; Mark all as read reads everything', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      {
        'GET /api/notifications': () => json(items),
        'POST /api/notifications/open': () => new Response(null, { status: 204 }),
        'POST /api/notifications/read-all': () => new Response(null, { status: 204 }),
        'GET /api/items/b/messages': () => json({ error: { code: 'NOT_FOUND', message: 'Conversation not found.' } }, 404),
      },
      { user: testUser },
    );
    const app = renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.sent('POST', '/api/notifications/read-all')).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: /New message from Rosa about Ladder/ }));
    await waitFor(() =>
      expect(server.sent('POST', '/api/notifications/open').map((c) => c.body)).toEqual([{ tab: 'items', groupKey: 'item:b' }]),
    );
    expect(app.url()).toBe('/item/b/messages?with=r2');
  });

  it('says so when a tab is empty', async () => {
    fakeServer(
      { 'GET /api/notifications': () => json({ tab: 'items', entries: [], unread: { items: 0, rentals: 0 } }) },
      { user: testUser },
    );
    renderApp('/notifications');
    expect(await screen.findByText('No notifications about your items yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
  });
});
