import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DECLINE_MESSAGES, TEST_CARDS } from '@toolshed/core';
import type { DepositView } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';
import { londonDeadline } from './components/deposit-card-form.tsx';

const declined: DepositView = {
  role: 'renter',
  hold: {
    amountPence: 5000,
    state: 'scheduled',
    capturedPence: null,
    settledAt: null,
    holdsAt: '2030-06-09T23:00:00.000Z',
    cardNeededBy: '2030-06-10T11:00:00.000Z',
    note: 'The £50.00 deposit could not be held on your saved card. Please add another card by 12:00 on 10 Jun 2030, or the booking will be cancelled.',
    declined: DECLINE_MESSAGES.authentication_required,
  },
  lateDays: 0,
  lateFeePence: 0,
  claimWindowClosesAt: null,
  canReport: [],
  claims: [],
};

const held: DepositView = {
  ...declined,
  hold: { ...declined.hold!, state: 'held', holdsAt: null, cardNeededBy: null, note: null, declined: null },
};

describe('another card for a deposit the saved card could not hold', () => {
  it('says the deadline in London time', () => {
    // 11:00 UTC in June is noon in London (summer time).
    expect(londonDeadline('2030-06-10T11:00:00.000Z')).toBe('12:00 on 10 Jun 2030');
  });

  it('shows why and by when, checks the card, shows a decline in the processor’s words, then the deposit held', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const server = fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'renter', status: 'upcoming' })),
        'GET /api/rentals/r-1/deposit': () => json(declined),
        'PUT /api/rentals/r-1/deposit/card': () => {
          attempts += 1;
          return attempts === 1
            ? errorJson(402, 'PAYMENT_FAILED', `The deposit could not be held on this card. ${DECLINE_MESSAGES.insufficient_funds}`, {
                field: 'card',
              })
            : json(held);
        },
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Add another card for the deposit' });
    expect(within(section).getByText(DECLINE_MESSAGES.authentication_required)).toBeInTheDocument();
    expect(within(section).getByText(/12:00 on 10 Jun 2030 \(London time\)/)).toBeInTheDocument();
    const form = within(section).getByRole('form', { name: 'Card for the deposit' });

    // Checked here first: nothing is sent with a bad number.
    await user.type(within(form).getByLabelText('Card number'), '4242');
    await user.click(within(form).getByRole('button', { name: 'Hold the £50.00 deposit on this card' }));
    expect(within(form).getByLabelText('Card number')).toHaveFocus();
    expect(server.sent('PUT', '/api/rentals/r-1/deposit/card')).toHaveLength(0);

    const fill = async (number: string) => {
      await user.clear(within(form).getByLabelText('Card number'));
      await user.type(within(form).getByLabelText('Card number'), number);
      await user.clear(within(form).getByLabelText('Expiry date (MM/YY)'));
      await user.type(within(form).getByLabelText('Expiry date (MM/YY)'), '1235');
      await user.type(within(form).getByLabelText('Security code (CVV)'), '123');
      await user.clear(within(form).getByLabelText('Name on card'));
      await user.type(within(form).getByLabelText('Name on card'), 'Rita Renter');
      await user.click(within(form).getByRole('button', { name: 'Hold the £50.00 deposit on this card' }));
    };
    await fill(TEST_CARDS.insufficientFunds);
    expect(await within(form).findByText(/not enough money on this card/)).toBeInTheDocument();
    // The number and security code are not kept after sending.
    expect(within(form).getByLabelText('Card number')).toHaveValue('');
    expect(within(form).getByLabelText('Security code (CVV)')).toHaveValue('');
    expect(server.sent('PUT', '/api/rentals/r-1/deposit/card')[0]!.body).toEqual({
      card: { number: TEST_CARDS.insufficientFunds, expiry: '12/35', cvv: '123', name: 'Rita Renter' },
    });

    await fill(TEST_CARDS.success);
    const deposit = screen.getByRole('region', { name: 'Deposit and problems' });
    expect(await within(deposit).findByText('£50.00 deposit held on your card, not charged.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add another card for the deposit' })).toBeNull();
  });

  it('goes to the bank’s page when the card needs its 3-D Secure check, and comes back to the deposit held', async () => {
    const user = userEvent.setup();
    let view = declined;
    const server = fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'renter', status: 'upcoming' })),
        'GET /api/rentals/r-1/deposit': () => json(view),
        'PUT /api/rentals/r-1/deposit/card': () =>
          json({ challengeId: 'ch-1', nextAction: { type: 'challenge', url: '/bank/challenge/ch-1?for=deposit' } }, 202),
        'GET /api/deposit-challenges/ch-1': () =>
          json({ status: 'awaiting_challenge', rentalId: 'r-1', challenge: { amountPence: 5000, brand: 'visa', last4: '3184' } }),
        'POST /api/bank/deposit-challenges/ch-1': () => {
          view = held;
          return json({ returnUrl: '/rentals/r-1' });
        },
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const form = await screen.findByRole('form', { name: 'Card for the deposit' });
    await user.type(within(form).getByLabelText('Card number'), TEST_CARDS.challenge);
    await user.type(within(form).getByLabelText('Expiry date (MM/YY)'), '1235');
    await user.type(within(form).getByLabelText('Security code (CVV)'), '123');
    await user.type(within(form).getByLabelText('Name on card'), 'Rita Renter');
    await user.click(within(form).getByRole('button', { name: 'Hold the £50.00 deposit on this card' }));
    // The bank's page says what the check is for: the deposit, held and not charged.
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your card for the deposit' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your payment' })).toBeNull();
    expect(await screen.findByText('Visa ending 3184')).toBeInTheDocument();
    expect(screen.getByText('Deposit to hold')).toBeInTheDocument();
    expect(screen.getByText(/held on the card, not charged/)).toBeInTheDocument();
    expect(screen.getByText('£50.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const deposit = await screen.findByRole('region', { name: 'Deposit and problems' });
    expect(await within(deposit).findByText('£50.00 deposit held on your card, not charged.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/bank/deposit-challenges/ch-1')[0]!.body).toEqual({ approve: true });
    // The checkout's attempt is never asked about.
    expect(server.sent('GET', '/api/checkout/attempts/ch-1')).toHaveLength(0);
  });

  it('is not offered to the owner, nor before a decline', async () => {
    fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'owner', status: 'upcoming' })),
        'GET /api/rentals/r-1/deposit': () => json({ ...declined, role: 'owner' }),
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    await screen.findByRole('region', { name: 'Deposit and problems' });
    expect(screen.queryByRole('region', { name: 'Add another card for the deposit' })).toBeNull();
  });
});
