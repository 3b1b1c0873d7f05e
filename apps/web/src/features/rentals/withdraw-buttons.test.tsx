import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';

function serve(states: RentalView[], routes: Parameters<typeof fakeServer>[0] = {}) {
  let current = 0;
  return fakeServer(
    {
      'GET /api/rentals/r-1': () => json(states[Math.min(current, states.length - 1)]),
      ...Object.fromEntries(Object.entries(routes).map(([k, f]) => [k, async (req) => ((current += 1), f(req))])),
    },
    { user: testUser },
  );
}

const requested = rental({ id: 'r-1', status: 'requested', actions: ['withdraw_request'], paidPence: 0 });
const withdrawn = rental({
  id: 'r-1',
  status: 'cancelled',
  actions: [],
  paidPence: 0,
  cancellation: { by: 'renter', reason: null, refundPence: 0, toCards: [], toBalancePence: 0, date: '2030-06-01T10:00:00.000Z' },
});

describe('the renter withdraws a request on the rental page', () => {
  it('Withdraw request asks first, then the request shows as cancelled', async () => {
    const user = userEvent.setup();
    const server = serve([requested, withdrawn], { 'POST /api/rentals/r-1/withdraw': () => new Response(null, { status: 204 }) });
    renderApp('/rentals/r-1');
    expect(await screen.findByText('Requested')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel rental' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your request for Petrol Lawn Mower?' });
    expect(dialog).toHaveTextContent('Your card is not charged');
    expect(server.sent('POST', '/api/rentals/r-1/withdraw')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(server.sent('POST', '/api/rentals/r-1/withdraw')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    const message = 'This request has expired: its dates were freed and nothing was charged.';
    serve([requested], { 'POST /api/rentals/r-1/withdraw': () => errorJson(409, 'CONFLICT', message) });
    renderApp('/rentals/r-1');
    await user.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your request for Petrol Lawn Mower?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('the owner has no Withdraw button', async () => {
    serve([rental({ id: 'r-1', role: 'owner', status: 'requested', actions: ['accept_request', 'decline_request'], paidPence: 0 })]);
    renderApp('/rentals/r-1');
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
  });
});

describe('the renter withdraws an extension waiting for the owner', () => {
  const active = rental({ id: 'r-1', status: 'active' });
  const asked = addDays(active.endDate, 2);
  const waiting = rental({ id: 'r-1', status: 'active', pendingExtension: { endDate: asked, totalPence: 2750 } });

  it('Withdraw extension frees the days and the extend form comes back', async () => {
    const user = userEvent.setup();
    const server = serve([waiting, active], {
      'POST /api/rentals/r-1/extension/withdraw': () => new Response(null, { status: 204 }),
    });
    renderApp('/rentals/r-1');
    expect(await screen.findByText(/the owner has not answered yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw extension' }));
    expect(await screen.findByRole('button', { name: 'Extend rental' })).toBeInTheDocument();
    expect(server.sent('POST', '/api/rentals/r-1/extension/withdraw')).toHaveLength(1);
    expect(screen.queryByText(/the owner has not answered yet/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the extension shown", async () => {
    const user = userEvent.setup();
    const message = 'This extension has expired: the extra days were freed and nothing was charged.';
    serve([waiting], { 'POST /api/rentals/r-1/extension/withdraw': () => errorJson(409, 'CONFLICT', message) });
    renderApp('/rentals/r-1');
    await user.click(await screen.findByRole('button', { name: 'Withdraw extension' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(/the owner has not answered yet/)).toBeInTheDocument();
  });

  it('the owner sees Accept and Decline, not Withdraw', async () => {
    serve([rental({ id: 'r-1', role: 'owner', status: 'active', actions: [], pendingExtension: { endDate: asked, totalPence: 2750 } })]);
    renderApp('/rentals/r-1');
    expect(await screen.findByRole('button', { name: 'Accept extension' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw extension' })).not.toBeInTheDocument();
  });
});
