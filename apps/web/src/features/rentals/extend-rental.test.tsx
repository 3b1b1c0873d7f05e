import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';

const active = rental({ id: 'r-1', status: 'active' });
const twoMore = addDays(active.endDate, 2);

function serve(states: RentalView[], routes: Parameters<typeof fakeServer>[0] = {}) {
  let current = 0;
  return fakeServer(
    {
      'GET /api/rentals/r-1': () => json(states[Math.min(current, states.length - 1)]),
      ...Object.fromEntries(
        Object.entries(routes).map(([k, f]) => [k, async (req) => (k.startsWith('POST') ? (current += 1) : 0, f(req))]),
      ),
    },
    { user: testUser },
  );
}

const priced = (endDate: string) => ({
  endDate,
  problem: null,
  needsOwner: false,
  suggestions: [],
  price: { newLinePence: 6250, linePence: 2500, feePence: 250, totalPence: 2750 },
});

describe('extending a rental from its page', () => {
  it('shows the price of two more days from the server and pays by card', async () => {
    const user = userEvent.setup();
    const server = serve([active, rental({ id: 'r-1', status: 'active', endDate: twoMore, days: 5 })], {
      'GET /api/rentals/r-1/extension': (req) => json(priced(new URL(req.url).searchParams.get('endDate')!)),
      'POST /api/rentals/r-1/extension': () => json({ status: 'extended', chargedPence: 2750 }),
    });
    renderApp('/rentals/r-1');
    await user.click(await screen.findByRole('button', { name: 'Extend rental' }));
    const form = screen.getByRole('form', { name: 'Extend your rental' });
    const end = within(form).getByLabelText('New end date');
    await user.clear(end);
    await user.type(end, twoMore);
    expect(await within(form).findByText('The extra days cost £27.50 (£25.00 and £2.50 service fee).')).toBeInTheDocument();
    expect(within(form).getByText('1 Jun 2030 to 5 Jun 2030: 5 days £62.50')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Card number'), '4242424242424242');
    await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '12/35');
    await user.type(within(form).getByLabelText('Security code'), '123');
    await user.type(within(form).getByLabelText('Name on card'), 'Rita Renter');
    await user.click(within(form).getByRole('button', { name: 'Pay £27.50 and extend' }));
    await waitFor(() => expect(server.sent('POST', '/api/rentals/r-1/extension')).toHaveLength(1));
    expect(server.sent('POST', '/api/rentals/r-1/extension')[0]!.body).toEqual({
      endDate: twoMore,
      payWith: 'card',
      card: { number: '4242424242424242', expiry: '12/35', cvv: '123', name: 'Rita Renter' },
    });
    expect(await screen.findByText(/Extended until/)).toBeInTheDocument();
  });

  it('checks the card as the server does, under its field, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = serve([active], {
      'GET /api/rentals/r-1/extension': (req) => json(priced(new URL(req.url).searchParams.get('endDate')!)),
      'POST /api/rentals/r-1/extension': () => json({ status: 'extended', chargedPence: 2750 }),
    });
    renderApp('/rentals/r-1');
    await user.click(await screen.findByRole('button', { name: 'Extend rental' }));
    const form = screen.getByRole('form', { name: 'Extend your rental' });
    await user.type(within(form).getByLabelText('Card number'), '4242424242424241');
    await user.click(await within(form).findByRole('button', { name: 'Pay £27.50 and extend' }));
    expect(within(form).getByLabelText('Card number')).toHaveAccessibleDescription('Please enter a valid card number');
    expect(within(form).getByLabelText('Card number')).toHaveFocus();
    expect(within(form).getByLabelText('Name on card')).toHaveAccessibleDescription('Please enter the name on the card');
    expect(server.sent('POST', '/api/rentals/r-1/extension')).toHaveLength(0);
  });

  it('says why the days cannot be had and suggests similar items free on them', async () => {
    const user = userEvent.setup();
    serve([active], {
      'GET /api/rentals/r-1/extension': (req) =>
        json({
          endDate: new URL(req.url).searchParams.get('endDate'),
          problem: 'The item is booked on some of those days.',
          price: null,
          needsOwner: false,
          suggestions: [{ id: 'item-2', name: 'Other Mower', dailyRatePence: 1100, city: 'Leeds', distanceMiles: 1.2 }],
        }),
    });
    renderApp('/rentals/r-1');
    await user.click(await screen.findByRole('button', { name: 'Extend rental' }));
    expect(await screen.findByText('The item is booked on some of those days.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Other Mower' })).toHaveAttribute('href', '/category/all/item/item-2');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('shows a refusal from the server when paying', async () => {
    const user = userEvent.setup();
    serve([active], {
      'GET /api/rentals/r-1/extension': (req) => json(priced(new URL(req.url).searchParams.get('endDate')!)),
      'POST /api/rentals/r-1/extension': () =>
        errorJson(409, 'CONFLICT', 'Your balance is £3.00 and the extension costs £27.50. Please pay by card instead.'),
    });
    renderApp('/rentals/r-1');
    await user.click(await screen.findByRole('button', { name: 'Extend rental' }));
    await user.click(await screen.findByRole('radio', { name: 'Toolshed balance' }));
    await user.click(await screen.findByRole('button', { name: 'Pay £27.50 and extend' }));
    expect(
      await screen.findByText('Your balance is £3.00 and the extension costs £27.50. Please pay by card instead.'),
    ).toBeInTheDocument();
  });

  it('is not offered on a completed rental, nor to the owner', async () => {
    serve([rental({ id: 'r-1', status: 'completed' })]);
    renderApp('/rentals/r-1');
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extend rental' })).not.toBeInTheDocument();
  });
});
