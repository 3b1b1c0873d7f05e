import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DECLINE_MESSAGES } from '@toolshed/core';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { deferred, errorJson } from '../../test/fake-server.ts';
import { checkRoute, drill, mower } from '../../test/wheelbarrow.ts';
import { paymentServer, type SentCheckout } from '../../test/payment.ts';

afterEach(() => {
  vi.useRealTimers();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** Replaces what the field holds, as a user selecting it all and typing over it would. */
async function type(user: UserEvent, label: string, value: string) {
  await user.clear(field(label));
  await user.type(field(label), value);
}
const payButton = () => screen.getByRole('button', { name: /^Pay £/ }) as HTMLButtonElement;

async function openCardPage() {
  const app = renderApp('/payment/card');
  await screen.findByRole('form', { name: 'Pay by card' });
  return app;
}

async function fillCard(user: UserEvent, number = '4242424242424242') {
  await type(user, 'Card number', number);
  await type(user, 'Expiry date (MM/YY)', '1235');
  await type(user, 'Security code (CVV)', '123');
  await type(user, 'Name on card', 'Priya Shah');
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(50));

describe('card payment page', () => {
  it('says what is charged and what is only held for the deposit, and until when', async () => {
    paymentServer({ 'POST /api/wheelbarrow/check': checkRoute([mower, drill], { [mower.itemId]: { depositPence: 5000 } }) });
    await openCardPage();
    // 3 days x £12.50 = £37.50 + £3.75 fee.
    expect(
      await screen.findByText(
        "£41.25 charged and £50.00 held, released after the return unless a problem is reported. Your card is kept by our payment processor for this booking's deposit, which is held on it from a day before the rental starts.",
      ),
    ).toBeInTheDocument();
  });

  it('offers the Toolshed balance first, says the split, and sends the choice', async () => {
    const user = userEvent.setup();
    const balance = { availablePence: 1000, pendingCreditsPence: 0, pendingDebitsPence: 0, lastUpdated: null };
    const api = paymentServer({
      'GET /api/me/balance': () => json(balance),
      'POST /api/checkout': () => json({ orderId: 'order-1' }, 201),
    });
    await openCardPage();
    const choice = await screen.findByRole('checkbox', { name: 'Use my Toolshed balance (£10.00)' });
    expect((choice as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('£10.00 from your balance and £31.25 by card.')).toBeInTheDocument();
    await user.click(choice);
    expect(screen.getByText('Your card pays it all; your balance stays as it is.')).toBeInTheDocument();
    await user.click(choice);
    await fillCard(user);
    await user.click(payButton());
    await waitFor(() => expect(api.sent('POST', '/api/checkout')).toHaveLength(1));
    expect((api.sent('POST', '/api/checkout')[0]!.body as SentCheckout & { useBalance: boolean }).useBalance).toBe(true);
  });

  it('a balance covering the whole charge: the card is only checked', async () => {
    const balance = { availablePence: 9000, pendingCreditsPence: 0, pendingDebitsPence: 0, lastUpdated: null };
    paymentServer({ 'GET /api/me/balance': () => json(balance) });
    await openCardPage();
    expect(await screen.findByText('£41.25 from your balance: your card is checked but not charged.')).toBeInTheDocument();
  });

  it('says nothing of a hold when no line has a deposit', async () => {
    paymentServer();
    await openCardPage();
    expect(screen.queryByText(/held, released after the return/)).toBeNull();
  });

  it('says so when the payment system cannot be loaded', async () => {
    paymentServer({ 'GET /api/payments/config': () => errorJson(503, 'UNAVAILABLE', 'Down') });
    renderApp('/payment/card');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load payment system')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when the payment system answers with something it cannot use, offering a reload', async () => {
    paymentServer({ 'GET /api/payments/config': () => json({ provider: '', currency: 'GBP', testCards: {} }) });
    renderApp('/payment/card');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to initialize payment system')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('lists the test cards and the total to pay', async () => {
    paymentServer();
    await openCardPage();
    const note = screen.getByRole('region', { name: 'Test cards' });
    expect(within(note).getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(within(note).getByText('4000 0000 0000 0002')).toBeInTheDocument();
    // 3 days at £12.50 plus the 10% fee.
    expect(payButton().textContent).toBe('Pay £41.25');
  });

  it('groups the card number as typed and names the brand', async () => {
    const user = userEvent.setup();
    paymentServer();
    await openCardPage();
    await type(user, 'Card number', '4242424242424242');
    expect(field('Card number').value).toBe('4242 4242 4242 4242');
    expect(screen.getByText('Card type: Visa')).toBeInTheDocument();
    await type(user, 'Expiry date (MM/YY)', '0429');
    expect(field('Expiry date (MM/YY)').value).toBe('04/29');
  });

  it('names each problem beside its field and sends nothing', async () => {
    const user = userEvent.setup();
    const api = paymentServer();
    await openCardPage();
    await type(user, 'Card number', '4242 4242 4242 4241');
    await type(user, 'Expiry date (MM/YY)', '13/30');
    await user.click(payButton());
    expect(screen.getByText('Please enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the expiry date as MM/YY')).toBeInTheDocument();
    expect(screen.getByText('Please enter the 3-digit security code')).toBeInTheDocument();
    expect(screen.getByText('Please enter the name on the card')).toBeInTheDocument();
    expect(field('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(field('Card number').getAttribute('aria-describedby')).toBe('card-number-error');
    expect(document.activeElement).toBe(field('Card number'));
    expect(api.sent('POST', '/api/checkout')).toHaveLength(0);
  });

  it('shows processing, then confirmed for 2 seconds, then the success page; a second click sends nothing more', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    const api = paymentServer({ 'POST /api/checkout': () => answer.promise });
    const app = await openCardPage();
    await fillCard(user);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // user-event's clicks wait on setTimeout too, so they finish while the fake clock moves on.
    const clicked = (async () => {
      await user.click(payButton());
      await user.click(payButton());
    })();
    await flush();
    await clicked;
    expect(screen.getByText('Processing payment...').closest('[role="status"]')).toBeInTheDocument();
    expect(payButton().disabled).toBe(true);
    expect(api.sent('POST', '/api/checkout')).toHaveLength(1);
    const sent = api.sent('POST', '/api/checkout')[0]!.body as SentCheckout;
    expect(sent.lines).toEqual([{ itemId: mower.itemId, startDate: mower.startDate, endDate: mower.endDate }]);
    expect(sent.card).toEqual({ number: '4242 4242 4242 4242', expiry: '12/35', cvv: '123', name: 'Priya Shah' });
    expect(sent.idempotencyKey.length).toBeGreaterThanOrEqual(8);
    // The number is not kept once sent.
    expect(field('Card number').value).toBe('');

    answer.release(json({ orderId: 'order-1' }, 201));
    await flush();
    expect(screen.getByText('Payment confirmed')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(app.url()).toBe('/payment/card');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(app.url()).toBe('/payment-success?order=order-1');
    expect(localStorage.getItem('toolshed.wheelbarrow.v1')).not.toContain('4242');
  });

  it.each([
    ['declined', DECLINE_MESSAGES.declined],
    ['insufficient funds', DECLINE_MESSAGES.insufficient_funds],
    ['a processing error', DECLINE_MESSAGES.processing_error],
  ])('says why the payment failed for %s', async (_label, message) => {
    const user = userEvent.setup();
    paymentServer({ 'POST /api/checkout': () => errorJson(402, 'PAYMENT_FAILED', message, { field: 'card' }) });
    await openCardPage();
    await fillCard(user, '4000000000000002');
    await user.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Payment failed. Please try again.')).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
  });

  it('says the payment failed when the card is declined and keeps the form usable', async () => {
    const user = userEvent.setup();
    paymentServer({ 'POST /api/checkout': () => errorJson(402, 'PAYMENT_FAILED', 'Payment failed. Please try again.', { field: 'card' }) });
    await openCardPage();
    await fillCard(user, '4000000000000002');
    await user.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Payment failed. Please try again.')).toBeInTheDocument();
    expect(payButton().disabled).toBe(false);
    expect(field('Card number').disabled).toBe(false);
    expect(field('Name on card').value).toBe('Priya Shah');
  });

  it('retries with the same key after a network error, and uses a new key after a clear answer', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const api = paymentServer({
      'POST /api/checkout': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return errorJson(402, 'PAYMENT_FAILED', 'Payment failed. Please try again.', { field: 'card' });
      },
    });
    await openCardPage();
    const keys = () => api.sent('POST', '/api/checkout').map((c) => (c.body as SentCheckout).idempotencyKey);

    await fillCard(user);
    await user.click(payButton());
    expect(await screen.findByText(/you will not be charged twice/)).toBeInTheDocument();
    await fillCard(user);
    await user.click(payButton());
    await waitFor(() => expect(keys()).toHaveLength(2));
    expect(keys()[1]).toBe(keys()[0]);

    await waitFor(() => expect(payButton().disabled).toBe(false));
    await fillCard(user);
    await user.click(payButton());
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it("shows the server's message when the dates were taken meanwhile, with the way back to checkout", async () => {
    const user = userEvent.setup();
    const message = 'Petrol Lawn Mower is already booked for some of 1 Jun 2030 to 3 Jun 2030. Please choose other dates.';
    paymentServer({ 'POST /api/checkout': () => errorJson(409, 'CONFLICT', message, { field: 'lines' }) });
    await openCardPage();
    await fillCard(user);
    await user.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Back to checkout' }).getAttribute('href')).toBe('/checkout');
  });
});
