import type { Order } from '@toolshed/core/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';
import { checkRoute } from '../../test/wheelbarrow.ts';

const request = rental({
  status: 'requested',
  paidPence: 0,
  request: { expiresAt: '2030-05-02T10:00:00.000Z', heldPence: 4125 },
});

const order = (rentals: Order['rentals'], totalPence: number): Order => ({
  id: 'order-1',
  reference: 'TS-7K3Q-92',
  rentals,
  subtotalPence: Math.round(totalPence / 1.1),
  serviceFeePence: totalPence - Math.round(totalPence / 1.1),
  totalPence,
  balancePence: 0,
  card: { brand: 'visa', last4: '4242' },
  createdAt: '2030-05-01T10:00:00.000Z',
});

function show(o: Order) {
  fakeServer({ 'GET /api/orders/order-1': () => json(o), 'POST /api/wheelbarrow/check': checkRoute([]) }, { user: testUser });
  renderApp('/payment-success?order=order-1');
}

describe('payment success with a request to book', () => {
  it('an all-request order says "Request sent": held on the card, not charged, with the deadline in London time', async () => {
    show(order([request], 4125));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request sent' })).toBeInTheDocument();
    expect(screen.queryByText(/We have booked/)).toBeNull();
    expect(screen.getByText(/Your request \(Petrol Lawn Mower\) has been sent to the owner/)).toHaveTextContent(
      '£41.25 is held on your Visa ending 4242, not charged: it is taken only if the owner accepts, and released if they decline or do not answer in time.',
    );
    // 10:00 UTC on 2 May is 11:00 in London (summer time).
    expect(screen.getByText('Petrol Lawn Mower: the owner has until 11:00 on 2 May 2030 to answer.')).toBeInTheDocument();
    // The order's lines are the region's top-level list items (a line's policy steps are a list of their own).
    const [line] = within(screen.getByRole('region', { name: 'Your rentals' })).getAllByRole('listitem');
    expect(line).toHaveTextContent('Request: held, not charged');
  });

  it('a mixed order separates what was booked and charged from what was requested and held', async () => {
    const booked = rental({ id: 'rental-2', item: { id: 'item-drill', name: 'Cordless Drill', imageUrl: null }, paidPence: 4400 });
    show(order([booked, request], 8525));
    expect(await screen.findByRole('heading', { level: 1, name: 'Booked and requested' })).toBeInTheDocument();
    expect(screen.getByText(/We have booked your rental/)).toHaveTextContent(
      'Thank you. We have booked your rental (Cordless Drill) and charged £44.00 to your Visa ending 4242.',
    );
    expect(screen.getByText(/Your request \(Petrol Lawn Mower\)/)).toHaveTextContent(
      '£41.25 is held on your Visa ending 4242, not charged',
    );
  });
});
