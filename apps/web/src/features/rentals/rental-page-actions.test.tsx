import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RentalView } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';

/** The rental page's actions come from the lifecycle's `actions`; each answer is the next state. */
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

describe('rental page actions', () => {
  it('lets the renter cancel after a dialog that says where the money goes, then shows the refund', async () => {
    const user = userEvent.setup();
    const upcoming = rental({ id: 'r-1', actions: ['cancel_by_renter'] });
    const cancelled = rental({
      id: 'r-1',
      status: 'cancelled',
      actions: [],
      cancellation: {
        by: 'renter',
        reason: null,
        refundPence: 4125,
        toCards: [{ amountPence: 4125, card: { brand: 'visa', last4: '4242' }, status: 'pending' }],
        toBalancePence: 0,
        date: '2030-05-02T10:00:00.000Z',
      },
    });
    const server = serve([upcoming, cancelled], { 'POST /api/rentals/r-1/cancel': () => json({ refundPence: 4125 }) });
    renderApp('/rentals/r-1');
    expect(await screen.findByText('4 Orchard Way')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message the owner' }).getAttribute('href')).toBe('/item/item-mower/messages');
    const open = screen.getByRole('button', { name: 'Cancel rental' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Cancel your rental of Petrol Lawn Mower?' });
    expect(dialog.textContent).toContain('£41.25 (the rental and its service fee) goes back to the card you paid with');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel rental' }));
    expect(
      await screen.findByText(
        /Cancelled by you\. Refunded £41\.25 to Visa ending 4242\. Refunds usually reach your card in 5-10 working days\./,
      ),
    ).toBeInTheDocument();
    expect(server.sent('POST', '/api/rentals/r-1/cancel')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel rental' })).toBeNull();
  });

  it('makes the owner give a reason to decline, and shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    const forOwner = rental({
      id: 'r-1',
      role: 'owner',
      actions: ['cancel_by_owner'],
      paidPence: 0,
      contact: { name: 'Priya Shah', email: 'priya@example.com', phone: '+44 7700900123' },
    });
    const server = serve([forOwner], {
      'POST /api/rentals/r-1/cancel': () =>
        errorJson(409, 'CONFLICT', 'This rental has already started, so it can no longer be cancelled.'),
    });
    renderApp('/rentals/r-1');
    expect(await screen.findByText('Phone: +44 7700900123')).toBeInTheDocument();
    // The owner goes straight to this renter's thread.
    expect(screen.getByRole('link', { name: 'Message the renter' }).getAttribute('href')).toBe(
      `/item/item-mower/messages?with=${forOwner.renter.id}`,
    );
    await user.click(screen.getByRole('button', { name: 'Decline rental' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Decline rental' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please tell the renter why you are declining.');
    expect(server.sent('POST', '/api/rentals/r-1/cancel')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason (sent to the renter)'), 'Broken blade');
    await user.click(within(dialog).getByRole('button', { name: 'Decline rental' }));
    expect(await within(dialog).findByText('This rental has already started, so it can no longer be cancelled.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/rentals/r-1/cancel')[0]!.body).toEqual({ reason: 'Broken blade' });
  });

  it('an owner who accepted a request cancels it (not "declines"), with a reason', async () => {
    const user = userEvent.setup();
    const accepted = rental({ id: 'r-1', role: 'owner', actions: ['cancel_by_owner'], paidPence: 0, requestAccepted: true });
    const server = serve([accepted], { 'POST /api/rentals/r-1/cancel': () => json({ ...accepted, status: 'cancelled', refundPence: 0 }) });
    renderApp('/rentals/r-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel rental' }));
    expect(screen.queryByRole('button', { name: 'Decline rental' })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: `Cancel ${accepted.renter.name}'s rental of ${accepted.item.name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel rental' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please tell the renter why you are cancelling.');
    expect(server.sent('POST', '/api/rentals/r-2/cancel')).toHaveLength(0);
  });

  it('takes a half-star review after the return and says it stays hidden until the other side reviews', async () => {
    const user = userEvent.setup();
    const returned = rental({
      id: 'r-1',
      status: 'completed',
      actions: ['review_by_renter'],
      reviewsVisibleFrom: '2030-06-18T10:00:00.000Z',
    });
    const reviewed = rental({
      ...returned,
      actions: [],
      myReview: { rating: 4.5, comment: 'Lovely mower', date: '2030-06-05T10:00:00.000Z' },
    });
    const server = serve([returned, reviewed], { 'POST /api/rentals/r-1/review': () => json({ visible: false }, 201) });
    renderApp('/rentals/r-1');
    const form = await screen.findByRole('form', { name: 'Leave a review' });
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please choose a rating from half a star to five stars');
    await user.selectOptions(within(form).getByLabelText('Rating'), '4.5 stars');
    await user.type(within(form).getByLabelText('Comment (optional)'), 'Lovely mower');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Your review is hidden until Sam Okafor reviews too, or until 18 Jun 2030.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/rentals/r-1/review')[0]!.body).toEqual({ rating: 4.5, comment: 'Lovely mower' });
    expect(screen.getByText('Rated 4.5 out of 5')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Leave a review' })).toBeNull();
  });

  it('shows Leave a review for an unreviewed past rental and the rating given for a reviewed one', async () => {
    const past = [
      rental({ id: 'r-a', status: 'completed', item: { id: 'i-a', name: 'Pressure Washer', imageUrl: null } }),
      rental({
        id: 'r-b',
        status: 'completed',
        item: { id: 'i-b', name: 'Tile Cutter', imageUrl: null },
        myReview: { rating: 3, comment: '', date: '2030-06-05T10:00:00.000Z' },
      }),
    ];
    fakeServer({ 'GET /api/me/rentals': () => json({ rentals: past }) }, { user: testUser });
    renderApp('/my-rentals?tab=past');
    const link = await screen.findByRole('link', { name: 'Leave a review: Pressure Washer' });
    expect(link.getAttribute('href')).toBe('/rentals/r-a#review');
    const cutter = screen.getByRole('link', { name: 'Tile Cutter' }).closest('li')!;
    expect(within(cutter).getByText('Rated 3 out of 5')).toBeInTheDocument();
    expect(within(cutter).queryByText('Leave a review')).toBeNull();
  });
});
