import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DECLINE_MESSAGES } from '@toolshed/core';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson } from '../../test/fake-server.ts';
import { paymentServer } from '../../test/payment.ts';

const ATTEMPT = '7d1e5a34-2f0b-4c6e-9a51-0c3f9b2e8d11';
const waiting = {
  status: 'awaiting_challenge',
  orderId: null,
  challenge: { amountPence: 4125, brand: 'visa', last4: '3184', expiresAt: '2026-12-04T12:15:00.000Z' },
  failure: null,
};

async function payWithChallengeCard(user: UserEvent) {
  await screen.findByRole('form', { name: 'Pay by card' });
  const fill = async (label: string, value: string) => {
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), value);
  };
  await fill('Card number', '4000002760003184');
  await fill('Expiry date (MM/YY)', '1235');
  await fill('Security code (CVV)', '123');
  await fill('Name on card', 'Priya Shah');
  await user.click(screen.getByRole('button', { name: /^Pay £/ }));
}

describe("the bank's 3-D Secure check", () => {
  it("sends the renter to the bank's test page, and back to the payment page once they approve", async () => {
    const user = userEvent.setup();
    const api = paymentServer({
      'POST /api/checkout': () => json({ attemptId: ATTEMPT, nextAction: { type: 'challenge', url: `/bank/challenge/${ATTEMPT}` } }, 202),
      [`GET /api/checkout/attempts/${ATTEMPT}`]: () => json(waiting),
      [`POST /api/bank/challenges/${ATTEMPT}`]: () => json({ returnUrl: `/payment/card?attempt=${ATTEMPT}` }),
      [`POST /api/checkout/attempts/${ATTEMPT}/confirm`]: () => json({ orderId: 'order-1' }),
    });
    const app = renderApp('/payment/card');
    await payWithChallengeCard(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your payment' })).toBeInTheDocument();
    expect(app.url()).toBe(`/bank/challenge/${ATTEMPT}`);
    expect(screen.getByText('Simulated bank · test page: no real bank is involved')).toBeInTheDocument();
    expect(await screen.findByText('£41.25')).toBeInTheDocument();
    expect(screen.getByText('Visa ending 3184')).toBeInTheDocument();
    // A checkout's check is for the payment, not a deposit card's.
    expect(screen.getByText('Amount')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your card for the deposit' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Payment confirmed')).toBeInTheDocument();
    expect(app.url()).toBe(`/payment/card?attempt=${ATTEMPT}`);
    const answered = api.calls.find((c) => c.url.pathname === `/api/bank/challenges/${ATTEMPT}`);
    expect(answered?.body).toEqual({ approve: true });
    expect(api.calls.filter((c) => c.url.pathname.endsWith('/confirm'))).toHaveLength(1);
    await waitFor(() => expect(app.url()).toBe('/payment-success?order=order-1'), { timeout: 3_000 });
  });

  it("shows the failure in the spec's words after the bank's check failed, and lets the renter pay again", async () => {
    const user = userEvent.setup();
    paymentServer({
      [`POST /api/checkout/attempts/${ATTEMPT}/confirm`]: () =>
        errorJson(402, 'PAYMENT_FAILED', DECLINE_MESSAGES.authentication_failed, { field: 'card' }),
    });
    const app = renderApp(`/payment/card?attempt=${ATTEMPT}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Payment failed. Please try again.')).toBeInTheDocument();
    expect(within(alert).getByText(DECLINE_MESSAGES.authentication_failed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Pay by card' })).toBeInTheDocument();
    expect(app.url()).toBe('/payment/card');
  });

  it("offers the way back to the bank's page when the renter came back before answering it", async () => {
    paymentServer({
      [`POST /api/checkout/attempts/${ATTEMPT}/confirm`]: () =>
        errorJson(409, 'CONFLICT', 'Please finish the check with your bank first.', { field: 'challenge' }),
    });
    renderApp(`/payment/card?attempt=${ATTEMPT}`);
    const back = await screen.findByRole('link', { name: "Back to your bank's check" });
    expect(back.getAttribute('href')).toBe(`/bank/challenge/${ATTEMPT}`);
  });

  it("says a finished check is finished on the bank's page, with the way back", async () => {
    paymentServer({
      [`GET /api/checkout/attempts/${ATTEMPT}`]: () => json({ ...waiting, status: 'succeeded', orderId: 'order-1' }),
    });
    renderApp(`/bank/challenge/${ATTEMPT}`);
    expect(await screen.findByText(/This check is finished/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Toolshed' }).getAttribute('href')).toBe(`/payment/card?attempt=${ATTEMPT}`);
  });
});
