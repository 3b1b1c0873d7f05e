import type { Order } from '@toolshed/core/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';
import { checkRoute } from '../../test/wheelbarrow.ts';

const order: Order = {
  id: 'order-1',
  rentals: [rental({ status: 'requested', paidPence: 0 })],
  subtotalPence: 3750,
  serviceFeePence: 375,
  totalPence: 4125,
  card: { brand: 'visa', last4: '4242' },
  createdAt: '2030-05-01T10:00:00.000Z',
};

describe('payment success with a request to book', () => {
  it('says the request is held on the card, not charged, until the owner accepts', async () => {
    fakeServer({ 'GET /api/orders/order-1': () => json(order), 'POST /api/wheelbarrow/check': checkRoute([]) }, { user: testUser });
    renderApp('/payment-success?order=order-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeInTheDocument();
    expect(await screen.findByText(/charged or held £41\.25 to your Visa ending 4242/)).toBeInTheDocument();
    expect(screen.getByText(/Petrol Lawn Mower is a request: the owner has up to 24 hours/)).toHaveTextContent(
      'it is taken if they accept and released if not.',
    );
  });
});
