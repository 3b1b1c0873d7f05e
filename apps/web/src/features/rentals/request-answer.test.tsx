import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const contact = { name: 'Priya Shah', email: 'priya@example.com', phone: null };
const requested = rental({
  id: 'r-1',
  role: 'owner',
  status: 'requested',
  actions: ['accept_request', 'decline_request'],
  paidPence: 0,
  contact,
});

describe('the owner answers a request to book on the rental page', () => {
  it('Accept charges the renter and the rental shows as upcoming', async () => {
    const user = userEvent.setup();
    const server = serve([requested, rental({ id: 'r-1', role: 'owner', status: 'upcoming', actions: ['cancel_by_owner'], contact })], {
      'POST /api/rentals/r-1/accept': () => new Response(null, { status: 204 }),
    });
    renderApp('/rentals/r-1');
    expect(await screen.findByText('Requested')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Upcoming')).toBeInTheDocument();
    expect(server.sent('POST', '/api/rentals/r-1/accept')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('Decline asks for a reason and shows a refusal from the server', async () => {
    const user = userEvent.setup();
    const message = 'This request has expired: its dates were freed and nothing was charged.';
    const server = serve([requested], { 'POST /api/rentals/r-1/decline': () => errorJson(409, 'CONFLICT', message) });
    renderApp('/rentals/r-1');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: `Decline ${requested.renter.name}'s request for Petrol Lawn Mower?` });
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please tell the renter why you are declining.');
    expect(server.sent('POST', '/api/rentals/r-1/decline')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason (sent to the renter)'), 'Away that week');
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(server.sent('POST', '/api/rentals/r-1/decline')[0]!.body).toEqual({ reason: 'Away that week' });
  });

  it('the renter sees the request waiting, with nothing to press', async () => {
    serve([rental({ id: 'r-1', status: 'requested', actions: [], paidPence: 0 })]);
    renderApp('/rentals/r-1');
    expect(await screen.findByText('Requested')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
