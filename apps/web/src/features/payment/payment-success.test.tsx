import type { Order } from '@toolshed/core/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';
import { checkRoute, drill, mower, storedLines, storeLines } from '../../test/wheelbarrow.ts';

const order: Order = {
  id: 'order-1',
  reference: 'TS-7K3Q-92',
  rentals: [rental()],
  subtotalPence: 3750,
  serviceFeePence: 375,
  totalPence: 4125,
  balancePence: 0,
  card: { brand: 'visa', last4: '4242' },
  createdAt: '2030-05-01T10:00:00.000Z',
};

describe('payment success page', () => {
  it('confirms the booking with what was booked and charged, and empties the wheelbarrow of it', async () => {
    storeLines([mower, drill]);
    fakeServer(
      { 'GET /api/orders/order-1': () => json(order), 'POST /api/wheelbarrow/check': checkRoute([mower, drill]) },
      { user: testUser },
    );
    renderApp('/payment-success?order=order-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeInTheDocument();
    const booked = await screen.findByRole('region', { name: 'Your rentals' });
    expect(within(booked).getByText('Petrol Lawn Mower')).toBeInTheDocument();
    expect(within(booked).getByText('1 Jun 2030 to 3 Jun 2030 · 3 days')).toBeInTheDocument();
    expect(within(booked).getByText('£37.50')).toBeInTheDocument();
    expect(screen.getByText(/charged £41.25 to your Visa ending 4242/)).toBeInTheDocument();
    expect(screen.getByText('TS-7K3Q-92')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('£3.75')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my rentals' }).getAttribute('href')).toBe('/my-rentals');
    // The drill was not part of this order: it stays.
    await waitFor(() => expect(storedLines().map((l) => l.itemId)).toEqual([drill.itemId]));
  });

  it('says what the Toolshed balance paid and what the card paid', async () => {
    fakeServer(
      { 'GET /api/orders/order-1': () => json({ ...order, balancePence: 1000 }), 'POST /api/wheelbarrow/check': checkRoute([]) },
      { user: testUser },
    );
    renderApp('/payment-success?order=order-1');
    expect(
      await screen.findByText(/and took £41.25 \(£10.00 from your Toolshed balance and £31.25 by Visa ending 4242\)\./),
    ).toBeInTheDocument();
  });

  it('says the deposit held beside the charge', async () => {
    fakeServer(
      {
        'GET /api/orders/order-1': () => json({ ...order, rentals: [rental({ depositHeldPence: 5000 })] }),
        'POST /api/wheelbarrow/check': checkRoute([]),
      },
      { user: testUser },
    );
    renderApp('/payment-success?order=order-1');
    expect(
      await screen.findByText('£41.25 charged and £50.00 held, released after the return unless a problem is reported.'),
    ).toBeInTheDocument();
  });

  it('leaves a line with other dates for the same item in the wheelbarrow', async () => {
    const later = { ...mower, startDate: '2030-07-01', endDate: '2030-07-03' };
    storeLines([later]);
    fakeServer({ 'GET /api/orders/order-1': () => json(order), 'POST /api/wheelbarrow/check': checkRoute([later]) }, { user: testUser });
    renderApp('/payment-success?order=order-1');
    await screen.findByRole('region', { name: 'Your rentals' });
    expect(storedLines()).toEqual([later]);
  });

  it('says when there is no such order', async () => {
    fakeServer({ 'GET /api/orders/nope': () => errorJson(404, 'NOT_FOUND', 'Order not found.') }, { user: testUser });
    renderApp('/payment-success?order=nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
  });
});

describe('payment selection page', () => {
  it('offers the card as the one way to pay, with the order total', async () => {
    storeLines([mower]);
    fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([mower]) }, { user: testUser });
    renderApp('/payment-selection');
    const card = await screen.findByRole('link', { name: 'Credit or debit card' });
    expect(card.getAttribute('href')).toBe('/payment/card');
    expect(card.textContent).toContain('You pay £41.25');
  });

  it('sends the user back to checkout while a line is flagged', async () => {
    storeLines([mower]);
    fakeServer(
      { 'POST /api/wheelbarrow/check': checkRoute([mower], { [mower.itemId]: { state: 'invalid', message: 'Too short' } }) },
      { user: testUser },
    );
    renderApp('/payment-selection');
    expect(await screen.findByText('Some items in your wheelbarrow cannot be booked as they are.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Credit or debit card' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to checkout' }).getAttribute('href')).toBe('/checkout');
  });
});
