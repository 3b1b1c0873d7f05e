import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Balance, Transaction, TransactionsPage, Withdrawal } from '@toolshed/core/contract';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';

const balance: Balance = {
  availablePence: 2500,
  pendingCreditsPence: 1200,
  pendingDebitsPence: 0,
  lastUpdated: '2026-11-20T14:05:00.000Z',
  earnings: { receivedPence: 3700, pendingPence: 1200 },
};

const me = {
  id: testUser.id,
  name: testUser.name,
  email: testUser.email,
  picture: null,
  createdAt: testUser.createdAt,
  address: null,
  phone: null,
  vacationUntil: null,
  calendarFeed: false,
};

function transaction(i: number, patch: Partial<Transaction> = {}): Transaction {
  return {
    id: `posting-${i}:rental-${i}`,
    postingId: `posting-${i}`,
    rentalId: `rental-${i}`,
    withdrawalId: null,
    date: '2026-11-20T10:00:00.000Z',
    type: 'received',
    description: 'Earnings, available once the item is back',
    item: { id: `item-${i}`, name: `Ladder ${i}` },
    counterparty: { id: 'user-2', name: 'Rita Renter' },
    amountPence: 1000,
    serviceFeePence: 0,
    totalPence: 1000,
    movements: { cardPence: 0, availablePence: 0, pendingPence: 1000, depositHeldPence: 0, payoutPendingPence: 0, paidOutPence: 0 },
    balanceAfterPence: 0,
    status: 'pending',
    paymentMethod: 'card',
    card: null,
    ...patch,
  };
}

const bankAccount = { name: 'Olive Owner', sortCode: '08-99-99', last4: '4958', addedAt: '2026-11-01T10:00:00.000Z' };

function withdrawal(patch: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 'w-1',
    amountPence: 1000,
    status: 'pending',
    destination: { kind: 'bank', name: 'Olive Owner', sortCode: '08-99-99', last4: '4958' },
    createdAt: '2026-11-22T10:00:00.000Z',
    finishedAt: null,
    returnedAt: null,
    failureReason: null,
    ...patch,
  };
}

describe('the Balance tab', () => {
  it('shows the balance and earnings in pounds, and checks the withdrawal form before sending it to the bank account', async () => {
    const api = fakeServer(
      {
        'GET /api/me': () => json(me),
        'GET /api/me/balance': () => json(balance),
        'GET /api/me/bank-account': () => json({ bankAccount }),
        'GET /api/me/withdrawals': () => json({ withdrawals: [], page: 1, pageSize: 20, total: 0 }),
        'POST /api/me/withdrawals': (r) => json(withdrawal({ amountPence: (r.body as { amountPence: number }).amountPence }), 201),
      },
      { user: testUser },
    );
    const user = userEvent.setup();
    renderApp('/profile?tab=balance');
    expect(await screen.findByText('£25.00')).toBeInTheDocument();
    expect(screen.getByText('Pending credits').nextElementSibling?.textContent).toBe('£12.00');
    expect(screen.getByText('Earnings to date').nextElementSibling?.textContent).toBe('£37.00');
    expect(screen.getByText(/^Last updated 20 Nov 2026/)).toBeInTheDocument();
    expect(await screen.findByText(/sort code 08-99-99, account ending 4958/)).toBeInTheDocument();

    const amount = screen.getByLabelText('Amount (£)');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(within(amount.parentElement!).getByText('Please enter a valid amount')).toBeInTheDocument();
    expect(document.activeElement).toBe(amount);
    await user.type(amount, '25.01');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(within(amount.parentElement!).getByText('Please enter a valid amount')).toBeInTheDocument();
    expect(api.sent('POST', '/api/me/withdrawals')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('Withdrawal of £10.00 to the account ending 4958 requested. It is on its way to your bank account.'),
    ).toBeInTheDocument();
    const [sent] = api.sent('POST', '/api/me/withdrawals');
    expect(sent!.body).toMatchObject({ amountPence: 1000 });
    expect(sent!.body).not.toHaveProperty('card');
  });

  it("sends a withdrawal whose answer was lost again with the same key, and shows the server's reason by its field", async () => {
    let calls = 0;
    const api = fakeServer(
      {
        'GET /api/me': () => json(me),
        'GET /api/me/balance': () => json(balance),
        'GET /api/me/bank-account': () => json({ bankAccount }),
        'GET /api/me/withdrawals': () => json({ withdrawals: [], page: 1, pageSize: 20, total: 0 }),
        'POST /api/me/withdrawals': () => {
          calls += 1;
          if (calls === 1) return errorJson(503, 'UNAVAILABLE', 'Busy');
          return errorJson(400, 'VALIDATION', 'Please enter a valid amount', { field: 'amount' });
        },
      },
      { user: testUser },
    );
    const user = userEvent.setup();
    renderApp('/profile?tab=balance');
    await user.type(await screen.findByLabelText('Amount (£)'), '5');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(/You will not be paid twice if you send it again/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.sent('POST', '/api/me/withdrawals')).toHaveLength(2));
    const [first, second] = api.sent('POST', '/api/me/withdrawals') as Array<{ body: { idempotencyKey: string } }>;
    expect(second!.body.idempotencyKey).toBe(first!.body.idempotencyKey);
    expect(await screen.findByText('Please enter a valid amount')).toBeInTheDocument();
  });

  it('adds a bank account: labelled fields, each problem by its field, the bank details checked together, then the last four digits shown', async () => {
    let saved: typeof bankAccount | null = null;
    const api = fakeServer(
      {
        'GET /api/me': () => json(me),
        'GET /api/me/balance': () => json(balance),
        'GET /api/me/bank-account': () => json({ bankAccount: saved }),
        'GET /api/me/withdrawals': () => json({ withdrawals: [], page: 1, pageSize: 20, total: 0 }),
        'PUT /api/me/bank-account': (r) => {
          const body = r.body as { accountNumber: string };
          if (body.accountNumber === '33333333')
            return errorJson(400, 'VALIDATION', 'The bank could not find this account: check the sort code and account number', {
              field: 'accountNumber',
            });
          saved = bankAccount;
          return json(bankAccount);
        },
      },
      { user: testUser },
    );
    const user = userEvent.setup();
    renderApp('/profile?tab=balance');
    expect(await screen.findByText('Add a bank account above to withdraw your balance to it.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add bank account' });
    const name = within(form).getByLabelText('Name on the account');
    const sortCode = within(form).getByLabelText('Sort code');
    const number = within(form).getByLabelText('Account number');

    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(within(form).getByText('Enter the name on the account')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid sort code, like 12-34-56')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid account number, like 12345678')).toBeInTheDocument();
    expect(document.activeElement).toBe(name);
    expect(sortCode).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, 'Olive Owner');
    await user.type(sortCode, '08-99-99');
    await user.type(number, '66374959');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(within(form).getByText('These bank details do not match: check the sort code and account number')).toBeInTheDocument();
    expect(document.activeElement).toBe(number);
    expect(api.sent('PUT', '/api/me/bank-account')).toHaveLength(0);

    await user.clear(number);
    await user.type(number, '33333333');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(
      await within(form).findByText('The bank could not find this account: check the sort code and account number'),
    ).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '66374958');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Bank account ending 4958 saved. Withdrawals will be paid to it.')).toBeInTheDocument();
    expect(screen.getByText(/sort code 08-99-99, account ending 4958/)).toBeInTheDocument();
    expect(api.sent('PUT', '/api/me/bank-account').at(-1)!.body).toEqual({
      name: 'Olive Owner',
      sortCode: '08-99-99',
      accountNumber: '66374958',
    });
    expect(await screen.findByLabelText('Amount (£)')).toBeInTheDocument();
  });

  it('lists the withdrawals with their states: on its way, paid, failed, returned by the bank, cancelled', async () => {
    fakeServer(
      {
        'GET /api/me': () => json(me),
        'GET /api/me/balance': () => json(balance),
        'GET /api/me/bank-account': () => json({ bankAccount }),
        'GET /api/me/withdrawals': () =>
          json({
            withdrawals: [
              withdrawal({ id: 'w-5', status: 'pending' }),
              withdrawal({ id: 'w-4', status: 'paid', amountPence: 2000 }),
              withdrawal({ id: 'w-3', status: 'failed', failureReason: 'The bank refused the payout.' }),
              withdrawal({ id: 'w-2', status: 'returned', failureReason: 'The bank sent the payout back: the account is closed.' }),
              withdrawal({ id: 'w-1', status: 'cancelled', destination: { kind: 'card', brand: 'visa', last4: '4242' } }),
            ],
            page: 1,
            pageSize: 20,
            total: 5,
          }),
      },
      { user: testUser },
    );
    renderApp('/profile?tab=balance');
    const list = await screen.findByRole('region', { name: 'Your withdrawals' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('span')!.textContent)).toEqual([
      'On its way',
      'Paid',
      'Failed: back in your balance',
      'Returned by the bank: back in your balance',
      'Cancelled: back in your balance',
    ]);
    expect(rows[1]!.textContent).toContain('£20.00 to account ending 4958 (08-99-99)');
    expect(rows[3]!.textContent).toContain('the account is closed');
    expect(rows[4]!.textContent).toContain('Visa ending 4242');
  });
});

describe('the Transactions tab', () => {
  it('lists the transactions with their money in pounds, pages through them and offers the CSV', async () => {
    const page = (n: number): TransactionsPage => ({
      transactions:
        n === 1
          ? [
              transaction(1, {
                type: 'withdrawal',
                item: null,
                counterparty: null,
                status: 'completed',
                card: { brand: 'visa', last4: '4242' },
              }),
              transaction(2),
            ]
          : [transaction(3, { type: 'sent', amountPence: -1000, serviceFeePence: -100, totalPence: -1100, balanceAfterPence: 4200 })],
      page: n,
      pageSize: 20,
      total: 21,
    });
    const api = fakeServer(
      { 'GET /api/me': () => json(me), 'GET /api/me/transactions': (r) => json(page(Number(r.url.searchParams.get('page')))) },
      { user: testUser },
    );
    const user = userEvent.setup();
    renderApp('/profile?tab=transactions');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Withdrawal to your card');
    expect(rows[1]!.textContent).toContain('Card (Visa ending 4242)');
    expect(rows[2]!.textContent).toContain('Ladder 2');
    expect(rows[2]!.textContent).toContain('Rita Renter');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/me/transactions.csv');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Ladder 3')).toBeInTheDocument();
    // Paid money is signed, and each line says the balance after it.
    expect(screen.getByText('-£11.00')).toBeInTheDocument();
    expect(screen.getByText('£42.00')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.pathname === '/api/me/transactions' && c.url.searchParams.get('page') === '2')).toBe(true);
  });
});

describe('payment methods on the Transactions tab', () => {
  it('labels a refund and earnings "Toolshed balance", a card payment with its card, never a refund as "Card"', async () => {
    const transactions = [
      transaction(1, { type: 'refund', status: 'completed', paymentMethod: 'balance', card: null }),
      transaction(2, { type: 'sent', paymentMethod: 'card', card: { brand: 'mastercard', last4: '4444' } }),
      transaction(3, { type: 'received', paymentMethod: 'balance', card: null }),
    ];
    fakeServer(
      { 'GET /api/me': () => json(me), 'GET /api/me/transactions': () => json({ transactions, page: 1, pageSize: 20, total: 3 }) },
      { user: testUser },
    );
    renderApp('/profile?tab=transactions');
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    const methodOf = (row: HTMLElement) => within(row).getAllByRole('cell').at(-1)!.textContent;
    expect(rows.map(methodOf)).toEqual(['Toolshed balance', 'Card (Mastercard ending 4444)', 'Toolshed balance']);
  });
});

type HappyWindow = Window & { happyDOM: { setViewport(size: { width: number; height: number }): void } };
const viewport = (width: number, height: number) => (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });

describe('the Transactions tab on a phone', () => {
  afterEach(() => viewport(1024, 768));

  it('shows each transaction as a card with its date, description, amount, status and payment method, and no table', async () => {
    viewport(390, 844);
    const transactions = [
      transaction(1, {
        type: 'sent',
        description: 'Paid by Visa ending 4242',
        amountPence: -2500,
        serviceFeePence: -250,
        totalPence: -2750,
        balanceAfterPence: 1760,
        status: 'pending',
        card: { brand: 'visa', last4: '4242' },
      }),
      transaction(2, {
        type: 'refund',
        description: 'Refunded £17.60 to your Toolshed balance',
        item: { id: 'item-2', name: 'Tile Cutter' },
        amountPence: 1760,
        totalPence: 1760,
        balanceAfterPence: 1760,
        status: 'completed',
        paymentMethod: 'balance',
      }),
    ];
    fakeServer(
      { 'GET /api/me': () => json(me), 'GET /api/me/transactions': () => json({ transactions, page: 1, pageSize: 20, total: 2 }) },
      { user: testUser },
    );
    renderApp('/profile?tab=transactions');

    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const details = (card: HTMLElement) =>
      Object.fromEntries(
        within(card)
          .getAllByRole('term')
          .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
      );

    // Each card is named by what it was, and its total stands beside the name.
    const sent = within(list).getByRole('listitem', { name: 'Ladder 1' });
    expect(within(sent).getByText('-£27.50', { selector: 'p' }).tagName).toBe('P');
    expect(details(sent)).toEqual({
      Date: '20 Nov 2026',
      Type: 'Sent',
      Counterparty: 'Rita Renter',
      Details: 'Paid by Visa ending 4242',
      Amount: '-£25.00',
      'Service fee': '-£2.50',
      Total: '-£27.50',
      'Balance after': '£17.60',
      Status: 'Pending',
      'Payment method': 'Card (Visa ending 4242)',
    });
    const refund = within(list).getByRole('listitem', { name: 'Tile Cutter' });
    expect(details(refund)).toMatchObject({ Type: 'Refund', Amount: '+£17.60', Status: 'Completed', 'Payment method': 'Toolshed balance' });
  });
});
