import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { fakeServer, testUser } from '../../../test/fake-server.ts';
import { checkRoute, drill, mower, storedLines, storeLines } from '../../../test/wheelbarrow.ts';

const bar = () => screen.findByRole('region', { name: 'Wheelbarrow' });

describe('wheelbarrow bar', () => {
  it('is not shown while the wheelbarrow is empty, and asks the server nothing', async () => {
    const api = fakeServer();
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Toolshed' });
    expect(screen.queryByRole('region', { name: 'Wheelbarrow' })).toBeNull();
    expect(api.sent('POST', '/api/wheelbarrow/check')).toHaveLength(0);
  });

  it("shows the count and the total at the server's current prices", async () => {
    storeLines([mower, drill]);
    // The mower now costs £15.00 a day instead of the saved £12.50.
    const api = fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([mower, drill], { [mower.itemId]: { dailyRatePence: 1500 } }) });
    renderApp('/about');
    const region = await bar();
    expect(within(region).getByText('2 items')).toBeInTheDocument();
    expect(await within(region).findByText('£85.00')).toBeInTheDocument();
    expect(api.sent('POST', '/api/wheelbarrow/check')[0]?.body).toEqual({
      lines: [
        { itemId: mower.itemId, startDate: mower.startDate, endDate: mower.endDate },
        { itemId: drill.itemId, startDate: drill.startDate, endDate: drill.endDate },
      ],
    });
  });

  it('opens the details and removes a line, then disappears with the last one', async () => {
    const user = userEvent.setup();
    storeLines([mower, drill]);
    fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([mower, drill]) });
    renderApp('/about');
    const region = await bar();
    const toggle = within(region).getByRole('button', { name: 'Show details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(region).getByRole('button', { name: 'Hide details' })).toBe(toggle);
    expect(await within(region).findByText('Petrol Lawn Mower')).toBeInTheDocument();
    expect(within(region).getByText('1 Jun 2030 to 3 Jun 2030 · 3 days')).toBeInTheDocument();
    expect(within(region).getByText('£37.50')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Remove Petrol Lawn Mower' }));
    expect(within(region).getByText('1 item')).toBeInTheDocument();
    expect(within(region).queryByText('Petrol Lawn Mower')).toBeNull();
    expect(storedLines().map((l) => l.itemId)).toEqual([drill.itemId]);
    await waitFor(() => expect(within(region).getAllByText('£40.00').length).toBeGreaterThan(0));

    await user.click(within(region).getByRole('button', { name: 'Remove Cordless Drill' }));
    expect(screen.queryByRole('region', { name: 'Wheelbarrow' })).toBeNull();
  });

  it('offers Sign in to Checkout to visitors, returning them to checkout', async () => {
    storeLines([mower]);
    fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([mower]) });
    renderApp('/about');
    const link = await within(await bar()).findByRole('link', { name: 'Sign in to Checkout' });
    expect(link.getAttribute('href')).toBe('/login?from=/checkout');
    expect(within(await bar()).queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
  });

  it('offers Proceed to Checkout when signed in, steps aside on checkout, and comes back closed', async () => {
    const user = userEvent.setup();
    storeLines([mower]);
    fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([mower]) }, { user: testUser });
    const app = renderApp('/about');
    const link = await within(await bar()).findByRole('link', { name: 'Proceed to Checkout' });
    expect(link.getAttribute('href')).toBe('/checkout');
    await user.click(within(await bar()).getByRole('button', { name: 'Show details' }));
    await user.click(link);
    await waitFor(() => expect(app.url()).toBe('/checkout'));
    expect(screen.queryByRole('region', { name: 'Wheelbarrow' })).toBeNull();
    await act(() => app.router.navigate(-1));
    expect(
      within(await bar())
        .getByRole('button', { name: 'Show details' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('flags a deleted item and dates no longer free with their messages, leaving them out of the total', async () => {
    const user = userEvent.setup();
    storeLines([mower, drill]);
    fakeServer({
      'POST /api/wheelbarrow/check': checkRoute([mower, drill], {
        [mower.itemId]: { state: 'missing', message: 'This item has been removed by its owner.' },
        [drill.itemId]: { state: 'unavailable', message: 'Someone has booked some of these dates. Please choose new dates.' },
      }),
    });
    renderApp('/about');
    const region = await bar();
    // The total says what it leaves out instead of silently dropping the flagged lines.
    expect(await within(region).findByText('not counting 2 items that need your attention')).toBeInTheDocument();
    expect(within(region).getByText('£0.00')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Show details' }));
    expect(await within(region).findByText('This item has been removed by its owner.')).toBeInTheDocument();
    expect(within(region).getByText('Someone has booked some of these dates. Please choose new dates.')).toBeInTheDocument();
    // Still there until the user removes it: nothing is dropped silently.
    expect(storedLines()).toHaveLength(2);
  });

  it('checks new dates with the server after they are changed', async () => {
    const user = userEvent.setup();
    storeLines([drill]);
    const api = fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([drill]) });
    renderApp('/about');
    const region = await bar();
    await user.click(within(region).getByRole('button', { name: 'Show details' }));
    await user.click(await within(region).findByRole('button', { name: 'Change dates' }));
    await user.clear(within(region).getByLabelText('End date'));
    await user.type(within(region).getByLabelText('End date'), '2030-06-13');
    await user.click(within(region).getByRole('button', { name: 'Save dates' }));

    expect(within(region).getByText('10 Jun 2030 to 13 Jun 2030 · 4 days')).toBeInTheDocument();
    expect(storedLines()[0]).toMatchObject({ endDate: '2030-06-13', days: 4 });
    await waitFor(() =>
      expect(api.sent('POST', '/api/wheelbarrow/check').at(-1)?.body).toEqual({
        lines: [{ itemId: drill.itemId, startDate: '2030-06-10', endDate: '2030-06-13' }],
      }),
    );
    expect(await within(region).findAllByText('£80.00')).toHaveLength(2); // the line and the total
  });

  it('refuses an end date before the start date', async () => {
    const user = userEvent.setup();
    storeLines([drill]);
    fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([drill]) });
    renderApp('/about');
    const region = await bar();
    await user.click(within(region).getByRole('button', { name: 'Show details' }));
    await user.click(await within(region).findByRole('button', { name: 'Change dates' }));
    await user.clear(within(region).getByLabelText('End date'));
    await user.type(within(region).getByLabelText('End date'), '2030-06-05');
    await user.click(within(region).getByRole('button', { name: 'Save dates' }));
    expect(within(region).getByRole('alert').textContent).toBe('The end date must be on or after the start date.');
    expect(storedLines()[0]?.endDate).toBe(drill.endDate);
  });

  it('makes no check in Mock Data mode and shows the saved prices', async () => {
    storeLines([mower]);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/about');
    expect(await screen.findByText('Mock Data')).toBeInTheDocument();
    const region = await bar();
    expect(within(region).getByText('£37.50')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Sign in to Checkout' })).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/api/wheelbarrow/check'))).toBe(false);
  });

  it('says the total leaves out one flagged line, and counts the rest', async () => {
    storeLines([mower, drill]);
    fakeServer({
      'POST /api/wheelbarrow/check': checkRoute([mower, drill], {
        [drill.itemId]: { state: 'unavailable', message: 'Someone has booked some of these dates. Please choose new dates.' },
      }),
    });
    renderApp('/about');
    const region = await bar();
    expect(await within(region).findByText('not counting 1 item that needs your attention')).toBeInTheDocument();
    expect(within(region).getByText('2 items')).toBeInTheDocument();
    // Only the mower: 3 x £12.50.
    expect(within(region).getByText('£37.50')).toBeInTheDocument();
  });

  it('recognises a line the user has already booked, pointing to My Rentals instead of new dates', async () => {
    const user = userEvent.setup();
    storeLines([mower]);
    fakeServer(
      {
        'POST /api/wheelbarrow/check': checkRoute([mower], {
          [mower.itemId]: {
            state: 'unavailable',
            message: 'You have booked these dates: this rental is in My Rentals. You can remove it from the wheelbarrow.',
            bookedByYou: true,
          },
        }),
      },
      { user: testUser },
    );
    renderApp('/about');
    const region = await bar();
    await user.click(within(region).getByRole('button', { name: 'Show details' }));
    expect(await within(region).findByText(/You have booked these dates/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'See My Rentals' }).getAttribute('href')).toBe('/my-rentals');
    expect(within(region).queryByRole('button', { name: 'Change dates' })).toBeNull();
    expect(within(region).queryByText(/Someone has booked/)).toBeNull();
  });

  it.each(['/checkout', '/payment-selection', '/payment/card', '/payment-success?order=o-1'])(
    'is not shown on %s, which shows the order itself',
    async (path) => {
      storeLines([mower]);
      fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([mower]) }, { user: testUser });
      renderApp(path);
      await screen.findAllByRole('heading', { level: 1 });
      expect(screen.queryByRole('region', { name: 'Wheelbarrow' })).toBeNull();
    },
  );

  it('lifts toasts above itself while it is shown', async () => {
    storeLines([mower]);
    fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([mower]) });
    const app = renderApp('/about');
    await bar();
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--wheelbarrow-bar-height')).toMatch(/^\d+px$/));
    app.unmount();
    expect(document.documentElement.style.getPropertyValue('--wheelbarrow-bar-height')).toBe('');
  });
});
