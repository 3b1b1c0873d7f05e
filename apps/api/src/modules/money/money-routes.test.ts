import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, NO_BANK_ACCOUNT, todayInLondon } from '@toolshed/core';
import type { Balance, Transaction, TransactionsPage, Withdrawal } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { addBankAccount } from '../../test/bank-account.ts';
import { TEST_BANK_ACCOUNTS } from '../../platform/payments/simulated-payouts.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { TEST_CARD } from '../checkout/checkout-test-fixtures.ts';
import { expectStatementMatchesLedger } from '../../test/statement-check.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
type Session = { cookie: string; user: { id: string } };
let owner: Session;
let renter: Session;
let stranger: Session;
const failedPayouts: string[] = [];

const get = (url: string, who?: Session) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const balanceOf = async (who: Session) => (await get('/api/me/balance', who)).json() as Balance;
const transactionsOf = async (who: Session, query = '') => (await get(`/api/me/transactions${query}`, who)).json() as TransactionsPage;
const withdraw = (who: Session, body: Record<string, unknown>) =>
  post(ctx.app, '/api/me/withdrawals', { amountPence: 1000, idempotencyKey: randomUUID(), ...body }, { cookie: who.cookie });

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'earner@example.com', 'Olive Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'payer@example.com', 'Rita Renter');
  stranger = await createSignedInUser(ctx.app, mailer, 'nosy@example.com', 'Nosy Neighbour');
  await addBankAccount(ctx.app, owner.cookie, TEST_BANK_ACCOUNTS.paid, 'Olive Owner');
  await addBankAccount(ctx.app, stranger.cookie);
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/me/address',
    payload: { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' },
    headers: { cookie: renter.cookie, origin: 'http://localhost:3000' },
  });
  ctx.app.events.subscribe('payout.failed', 'money-test', async (e) => void failedPayouts.push(e.withdrawalId));
});
afterAll(async () => ctx?.close());

describe("an owner's money", () => {
  let rentalId: string;

  it('earnings are pending until the rental is returned, then available', async () => {
    const item = await createItem(ctx.database.db, owner.user.id, { name: '=HYPERLINK("http://evil")', dailyRatePence: 1250 });
    const today = todayInLondon();
    const booked = await post(
      ctx.app,
      '/api/checkout',
      { lines: [{ itemId: item.id, startDate: today, endDate: addDays(today, 1) }], card: TEST_CARD, idempotencyKey: randomUUID() },
      { cookie: renter.cookie },
    );
    expect(booked.statusCode).toBe(201);
    expect(await balanceOf(owner)).toMatchObject({
      availablePence: 0,
      pendingCreditsPence: 2500,
      pendingDebitsPence: 0,
      earnings: { receivedPence: 2500, pendingPence: 2500 },
    });

    const [received] = (await transactionsOf(owner)).transactions;
    rentalId = received!.rentalId!;
    expect(received).toMatchObject({
      type: 'received',
      description: 'Earnings, available once the item is back',
      amountPence: 2500,
      serviceFeePence: 0,
      totalPence: 2500,
      balanceAfterPence: 0,
      movements: { pendingPence: 2500, availablePence: 0 },
      status: 'pending',
      counterparty: { name: 'Rita Renter' },
    });
    const [sent] = (await transactionsOf(renter)).transactions;
    expect(sent).toMatchObject({
      rentalId,
      type: 'sent',
      description: 'Paid by Visa ending 4242',
      amountPence: -2500,
      serviceFeePence: -250,
      totalPence: -2750,
      movements: { cardPence: -2750 },
      status: 'pending',
      paymentMethod: 'card',
      card: { brand: 'visa', last4: '4242' },
      counterparty: { name: 'Olive Owner' },
    });

    const returned = await post(ctx.app, `/api/rentals/${rentalId}/return`, {}, { cookie: owner.cookie });
    expect(returned.statusCode).toBeLessThan(300);
    const after = await balanceOf(owner);
    expect(after).toMatchObject({ availablePence: 2500, pendingCreditsPence: 0, earnings: { receivedPence: 2500, pendingPence: 0 } });
    expect(after.lastUpdated).not.toBeNull();
    expect((await transactionsOf(renter)).transactions[0]!.status).toBe('completed');
    // The owner's statement explains the balance: earned (pending), then moved to available at the return.
    expect(
      (await transactionsOf(owner)).transactions.map((t) => [t.type, t.totalPence, t.movements.availablePence, t.balanceAfterPence]),
    ).toEqual([
      ['released', 0, 2500, 2500],
      ['received', 2500, 0, 0],
    ]);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, owner);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, renter);
  });

  it("refuses a withdrawal it cannot make, with the field and the spec's words, and changes nothing", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amountPence: 0 }, 'amountPence', 'Please enter a valid amount'],
      [{ amountPence: 2501 }, 'amount', 'Please enter a valid amount'],
    ];
    for (const [body, field, message] of cases) {
      const res = await withdraw(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ field, message });
    }
    // Without a bank account there is nowhere to pay it (the renter has none).
    const nowhere = await withdraw(renter, { amountPence: 1 });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error).toMatchObject({ field: 'bankAccount', message: NO_BANK_ACCOUNT });
    expect((await balanceOf(owner)).availablePence).toBe(2500);
  });

  it('withdraws part of it: pending debit at once, paid out by the job, once per key, listed newest first', async () => {
    const key = randomUUID();
    const res = await withdraw(owner, { amountPence: 1000, idempotencyKey: key });
    expect(res.statusCode).toBe(201);
    const withdrawal = res.json() as Withdrawal;
    expect(withdrawal).toMatchObject({
      amountPence: 1000,
      status: 'pending',
      destination: { kind: 'bank', name: 'Olive Owner', sortCode: '08-99-99', last4: '4958' },
    });
    expect(JSON.stringify(withdrawal)).not.toContain(TEST_BANK_ACCOUNTS.paid);
    expect(await balanceOf(owner)).toMatchObject({ availablePence: 1500, pendingDebitsPence: 1000 });

    const again = await withdraw(owner, { amountPence: 1000, idempotencyKey: key });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(withdrawal.id);
    expect((await withdraw(owner, { amountPence: 999, idempotencyKey: key })).statusCode).toBe(409);

    await ctx.app.jobs.runDue();
    expect(await balanceOf(owner)).toMatchObject({ availablePence: 1500, pendingDebitsPence: 0 });
    expect((await get(`/api/me/withdrawals/${withdrawal.id}`, owner)).json().status).toBe('paid');
    const page = await transactionsOf(owner);
    // Asked for (out of the available balance), then paid out to the bank account: two postings, two lines.
    expect(page.transactions.slice(0, 2)).toMatchObject([
      {
        withdrawalId: withdrawal.id,
        type: 'withdrawal',
        description: 'Withdrawal paid out to bank account ending 4958',
        totalPence: 0,
        movements: { payoutPendingPence: -1000, paidOutPence: 1000 },
        balanceAfterPence: 1500,
        status: 'completed',
        paymentMethod: 'bank',
        card: { last4: '4958' },
      },
      {
        withdrawalId: withdrawal.id,
        type: 'withdrawal',
        description: 'Withdrawal to bank account ending 4958 requested',
        movements: { availablePence: -1000, payoutPendingPence: 1000 },
        balanceAfterPence: 1500,
        status: 'completed',
      },
    ]);
    expect(page.total).toBe(4);
    const last = await transactionsOf(owner, '?page=4&pageSize=1');
    expect(last.transactions.map((t: Transaction) => t.type)).toEqual(['received']);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, owner);
  });

  it('gives the money back when the payout is refused', async () => {
    await addBankAccount(ctx.app, owner.cookie, TEST_BANK_ACCOUNTS.refused, 'Olive Owner');
    const res = await withdraw(owner, { amountPence: 500 });
    expect(res.statusCode).toBe(201);
    expect((await balanceOf(owner)).availablePence).toBe(1000);
    await ctx.app.jobs.runDue();
    expect(await balanceOf(owner)).toMatchObject({ availablePence: 1500, pendingDebitsPence: 0 });
    const failed = (await get(`/api/me/withdrawals/${res.json().id}`, owner)).json() as Withdrawal;
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(/refused/);
    expect(failedPayouts).toEqual([failed.id]);
    expect((await transactionsOf(owner)).transactions.slice(0, 2)).toMatchObject([
      {
        withdrawalId: failed.id,
        status: 'failed',
        description: 'Withdrawal refused: the money is back in your balance',
        balanceAfterPence: 1500,
      },
      { withdrawalId: failed.id, status: 'failed', balanceAfterPence: 1000 },
    ]);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, owner);
  });

  it('downloads the transactions as CSV that a spreadsheet will not run as formulas', async () => {
    const res = await get('/api/me/transactions.csv', owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="toolshed-transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Type,Item,Counterparty,Description,Amount (GBP),Service fee (GBP),Total (GBP),Balance after (GBP),Status,Payment method,Card',
    );
    expect(lines).toHaveLength(7);
    const received = lines.find((l) => l.includes(',received,'))!;
    expect(received).toContain(
      `,"'=HYPERLINK(""http://evil"")",Rita Renter,"Earnings, available once the item is back",25.00,0.00,25.00,0.00,completed,Toolshed balance,`,
    );
    expect(lines.find((l) => l.includes(',released,'))).toContain(',0.00,0.00,0.00,25.00,completed,Toolshed balance,');
  });
});

describe("nobody else's money", () => {
  it('a visitor gets 401 on every money route', async () => {
    for (const url of [
      '/api/me/balance',
      '/api/me/transactions',
      '/api/me/transactions.csv',
      '/api/me/withdrawals',
      `/api/me/withdrawals/${randomUUID()}`,
      '/api/me/bank-account',
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
    expect((await post(ctx.app, '/api/me/withdrawals', { amountPence: 100, idempotencyKey: randomUUID() })).statusCode).toBe(401);
  });

  it('another user sees only their own balance and transactions, and cannot read or replay a withdrawal that is not theirs', async () => {
    expect(await balanceOf(stranger)).toMatchObject({
      availablePence: 0,
      pendingCreditsPence: 0,
      pendingDebitsPence: 0,
      lastUpdated: null,
    });
    expect((await transactionsOf(stranger)).transactions).toEqual([]);
    const mine = (await transactionsOf(owner)).transactions.find((t) => t.type === 'withdrawal')!;
    expect((await get(`/api/me/withdrawals/${mine.withdrawalId}`, stranger)).statusCode).toBe(404);
    expect((await get('/api/me/withdrawals/not-an-id', stranger)).statusCode).toBe(404);
    // The owner's key means nothing to someone else: it is their own (empty) balance that is asked.
    const [ownersKey] = await ctx.database.db.query.withdrawals.findMany({ columns: { idempotencyKey: true }, limit: 1 });
    const res = await withdraw(stranger, { amountPence: 1000, idempotencyKey: ownersKey!.idempotencyKey });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter a valid amount');
    expect((await balanceOf(owner)).availablePence).toBe(1500);
  });
});

describe('payment methods of transactions', () => {
  it('lists earnings as the Toolshed balance, and a rental paid by card and its refund as that card, in the JSON and the CSV', async () => {
    const lender = await createSignedInUser(ctx.app, mailer, 'lender@example.com', 'Lena Lender');
    const borrower = await createSignedInUser(ctx.app, mailer, 'borrower@example.com', 'Bob Borrower');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/address',
      payload: { line: '2 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' },
      headers: { cookie: borrower.cookie, origin: 'http://localhost:3000' },
    });
    const item = await createItem(ctx.database.db, lender.user.id, { name: 'Tile Cutter', dailyRatePence: 800 });
    const start = addDays(todayInLondon(), 3);
    const booked = await post(
      ctx.app,
      '/api/checkout',
      { lines: [{ itemId: item.id, startDate: start, endDate: addDays(start, 1) }], card: TEST_CARD, idempotencyKey: randomUUID() },
      { cookie: borrower.cookie },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const rentalId = (await transactionsOf(borrower)).transactions[0]!.rentalId!;
    const cancelled = await post(ctx.app, `/api/rentals/${rentalId}/cancel`, {}, { cookie: borrower.cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const refundLine = {
      rentalId,
      type: 'refund',
      description: 'Refunded £17.60 to Visa ending 4242',
      amountPence: 1600,
      serviceFeePence: 160,
      totalPence: 1760,
      paymentMethod: 'card',
      card: { brand: 'visa', last4: '4242' },
    };
    // The processor has not answered yet: the refund is pending until it does.
    expect((await transactionsOf(borrower)).transactions[0]).toMatchObject({ ...refundLine, status: 'pending' });
    await ctx.app.jobs.runDue();
    const mine = (await transactionsOf(borrower)).transactions;
    expect(mine[0]).toMatchObject({ ...refundLine, status: 'completed' });
    expect(mine.find((t) => t.type === 'sent')).toMatchObject({
      rentalId,
      totalPence: -1760,
      status: 'cancelled',
      paymentMethod: 'card',
      card: { brand: 'visa', last4: '4242' },
    });
    expect((await transactionsOf(lender)).transactions).toEqual([
      expect.objectContaining({ type: 'reversed', totalPence: -1600, paymentMethod: 'balance', card: null }),
      expect.objectContaining({ type: 'received', totalPence: 1600, status: 'cancelled', paymentMethod: 'balance', card: null }),
    ]);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, borrower);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, lender);

    const csv = (await get('/api/me/transactions.csv', borrower)).body.trim().split('\r\n');
    expect(csv.find((l) => l.includes(',refund,'))).toMatch(
      /,16\.00,1\.60,17\.60,0\.00,completed,Card \(Visa ending 4242\),visa ending 4242$/,
    );
    expect(csv.find((l) => l.includes(',sent,'))).toMatch(
      /,-16\.00,-1\.60,-17\.60,0\.00,cancelled,Card \(Visa ending 4242\),visa ending 4242$/,
    );
  });
});
