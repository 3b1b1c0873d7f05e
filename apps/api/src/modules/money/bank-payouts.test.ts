import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_NAME_PROBLEM,
  ACCOUNT_NUMBER_PROBLEM,
  DETAILS_MISMATCH,
  SORT_CODE_PROBLEM,
  withdrawalRequestedPosting,
  withdrawalSettledPosting,
} from '@toolshed/core';
import type { Balance, Withdrawal } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { expectStatementMatchesLedger } from '../../test/statement-check.ts';
import { queryRows } from '../../db/database.ts';
import { withdrawals } from '../../db/schema.ts';
import { createSimulatedPayouts, TEST_BANK_ACCOUNTS } from '../../platform/payments/simulated-payouts.ts';
import type { PayoutProvider } from '../../platform/payments/payout-provider.ts';
import { postTransaction } from '../ledger/ledger-repository.ts';
import { ACCOUNT_NOT_FOUND } from './bank-account-service.ts';
import { PAYOUT_RETURN_CHECK_DELAY_MS } from './payout-job.ts';

type Session = { cookie: string; user: { id: string } };

let ctx: TestContext;
const mailer = createMemoryMailer();
let clock = new Date();
let owner: Session;
let other: Session;

/** The simulated payouts, whose next answers can be lost (the provider throws: no answer, as on a network failure). */
const simulated = createSimulatedPayouts();
const lose = { sends: 0, states: 0 };
const payouts: PayoutProvider = {
  ...simulated,
  async send(input) {
    if (lose.sends > 0) {
      lose.sends -= 1;
      throw new Error('the payout service did not answer');
    }
    return simulated.send(input);
  },
  async payoutState(payoutId) {
    if (lose.states > 0) {
      lose.states -= 1;
      throw new Error('the payout service did not answer');
    }
    return simulated.payoutState(payoutId);
  },
};

const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: Session, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const putAccount = (who: Session, body: Record<string, string>) =>
  send('PUT', '/api/me/bank-account', who, { name: 'Olive Owner', sortCode: '08-99-99', accountNumber: TEST_BANK_ACCOUNTS.paid, ...body });
const balanceOf = async (who: Session) => (await send('GET', '/api/me/balance', who)).json() as Balance;
const withdraw = (who: Session, amountPence: number) =>
  post(ctx.app, '/api/me/withdrawals', { amountPence, idempotencyKey: randomUUID() }, { cookie: who.cookie });
const withdrawalOf = async (who: Session, id: string) => (await send('GET', `/api/me/withdrawals/${id}`, who)).json() as Withdrawal;

/** Earnings released to a member, as a returned rental leaves them. */
async function credit(userId: string, amountPence: number) {
  await ctx.database.db.transaction((tx) =>
    postTransaction(tx, {
      kind: 'rental_completed',
      entries: [
        { userId, account: 'card', amountPence: -amountPence },
        { userId, account: 'available', amountPence },
      ],
    }),
  );
}

/** The money invariants: the statement reconciles with the ledger, and no account of the member is below zero. */
async function expectMoneyInvariants(who: Session) {
  await expectStatementMatchesLedger(ctx.app, ctx.database.db, who);
  const accounts = await queryRows<{ account: string; total: number }>(
    ctx.database.db,
    sql`select account, sum(amount_pence)::int as total from ledger_entries where user_id = ${who.user.id}
         and account in ('available', 'pending', 'payout_pending', 'paid_out') group by account`,
  );
  for (const a of accounts) expect(a.total, a.account).toBeGreaterThanOrEqual(0);
}

/** Two days on, past the check for a return. */
async function twoDaysLater() {
  clock = new Date(clock.getTime() + PAYOUT_RETURN_CHECK_DELAY_MS + 1_000);
}

/** The kinds of the postings of a withdrawal, in name order (two in one transaction share its time). */
const postingsOf = (withdrawalId: string) =>
  queryRows<{ kind: string }>(
    ctx.database.db,
    sql`select kind from ledger_transactions where reference = ${withdrawalId} order by kind`,
  ).then((rows) => rows.map((r) => r.kind));

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock, payouts });
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  other = await createSignedInUser(ctx.app, mailer, 'nosy@example.com', 'Nosy Neighbour');
  // Sessions that outlive the clock moved on by days.
  await ctx.database.db.execute(sql`update sessions set expires_at = now() + interval '10 years'`);
});
afterAll(async () => ctx?.close());

describe("an owner's bank account", () => {
  it('refuses what is not a UK bank account, naming the field, in the spec’s tone', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: ' ' }, 'name', ACCOUNT_NAME_PROBLEM],
      [{ sortCode: '08-99' }, 'sortCode', SORT_CODE_PROBLEM],
      [{ sortCode: '08.99.99' }, 'sortCode', SORT_CODE_PROBLEM],
      [{ accountNumber: '12345' }, 'accountNumber', ACCOUNT_NUMBER_PROBLEM],
      [{ accountNumber: '123456789' }, 'accountNumber', ACCOUNT_NUMBER_PROBLEM],
      // Well formed, but the modulus check says the two do not belong together.
      [{ accountNumber: '66374959' }, 'accountNumber', DETAILS_MISMATCH],
      [{ sortCode: '10-79-99', accountNumber: '88837493' }, 'accountNumber', DETAILS_MISMATCH],
      // Passes the check, but the bank has no such account (the provider's answer).
      [{ accountNumber: TEST_BANK_ACCOUNTS.notFound }, 'accountNumber', ACCOUNT_NOT_FOUND],
    ];
    for (const [body, field, message] of cases) {
      const res = await putAccount(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ field, message });
    }
    expect((await send('GET', '/api/me/bank-account', owner)).json()).toEqual({ bankAccount: null });
    expect(DETAILS_MISMATCH).toBe('These bank details do not match: check the sort code and account number');
  });

  it('adds one, shows the sort code as 12-34-56 and only the last four digits, and never stores the number', async () => {
    const res = await putAccount(owner, { sortCode: '089999', accountNumber: '6637 4958' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Olive Owner', sortCode: '08-99-99', last4: '4958' });
    expect(res.body).not.toContain(TEST_BANK_ACCOUNTS.paid);
    expect((await send('GET', '/api/me/bank-account', owner)).json().bankAccount).toMatchObject({ sortCode: '08-99-99', last4: '4958' });
    const [row] = await queryRows<Record<string, unknown>>(
      ctx.database.db,
      sql`select * from bank_accounts where user_id = ${owner.user.id}`,
    );
    expect(row).toMatchObject({ sort_code: '089999', last4: '4958', provider: 'simulated' });
    expect(String(row!.token)).toMatch(/^sim_bank_/);
    expect(JSON.stringify(row)).not.toContain(TEST_BANK_ACCOUNTS.paid);
  });

  it('another member sees none of it, and their removing or replacing touches only their own', async () => {
    expect((await send('GET', '/api/me/bank-account', other)).json()).toEqual({ bankAccount: null });
    expect((await send('DELETE', '/api/me/bank-account', other)).statusCode).toBe(204);
    expect((await putAccount(other, { name: 'Nosy Neighbour', sortCode: '10-79-99', accountNumber: '88837491' })).statusCode).toBe(200);
    expect((await send('GET', '/api/me/bank-account', owner)).json().bankAccount).toMatchObject({ name: 'Olive Owner', last4: '4958' });
    expect((await send('DELETE', '/api/me/bank-account', other)).statusCode).toBe(204);
    expect((await send('GET', '/api/me/bank-account', other)).json()).toEqual({ bankAccount: null });
    expect((await send('GET', '/api/me/bank-account', owner)).json().bankAccount).toMatchObject({ last4: '4958' });
    // Signed out: nothing.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/bank-account' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/me/bank-account', payload: {}, headers: { origin: ORIGIN } })).statusCode,
    ).toBe(401);
  });

  it("is in the member's data download without the provider's token, and goes when they delete their account", async () => {
    const leaving = await createSignedInUser(ctx.app, mailer, 'leaving@example.com', 'Lee Leaving');
    expect((await putAccount(leaving, { name: 'Lee Leaving' })).statusCode).toBe(200);
    const exported = await send('GET', '/api/me/export', leaving);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().bankAccounts).toEqual([
      expect.objectContaining({ holder_name: 'Lee Leaving', sort_code: '089999', last4: '4958' }),
    ]);
    expect(exported.body).not.toContain('sim_bank_');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: 'a sturdy wheelbarrow' },
      headers: { cookie: leaving.cookie, origin: ORIGIN },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const left = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from bank_accounts where user_id = ${leaving.user.id}`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('replaces it, and removes it', async () => {
    expect((await putAccount(owner, { accountNumber: '12345672' })).json()).toMatchObject({ last4: '5672' });
    expect((await send('DELETE', '/api/me/bank-account', owner)).statusCode).toBe(204);
    expect((await send('GET', '/api/me/bank-account', owner)).json()).toEqual({ bankAccount: null });
  });
});

describe('payouts to the bank account, each state with the ledger following', () => {
  beforeAll(async () => {
    await credit(owner.user.id, 10_000);
  });

  it('pending, then paid: available to pending debits to paid out; the job run again moves nothing', async () => {
    await putAccount(owner, {});
    const res = await withdraw(owner, 2_500);
    expect(res.statusCode, res.body).toBe(201);
    const w = res.json() as Withdrawal;
    expect(w).toMatchObject({ status: 'pending', destination: { kind: 'bank', sortCode: '08-99-99', last4: '4958', name: 'Olive Owner' } });
    expect(await balanceOf(owner)).toMatchObject({ availablePence: 7_500, pendingDebitsPence: 2_500 });
    await ctx.app.jobs.runDue();
    expect(await withdrawalOf(owner, w.id)).toMatchObject({ status: 'paid', returnedAt: null });
    expect(await balanceOf(owner)).toMatchObject({ availablePence: 7_500, pendingDebitsPence: 0 });
    // The check for a return, two days on, finds it still paid.
    await twoDaysLater();
    await ctx.app.jobs.runDue();
    expect((await withdrawalOf(owner, w.id)).status).toBe('paid');
    expect(await postingsOf(w.id)).toEqual(['withdrawal_paid', 'withdrawal_requested']);
    const list = (await send('GET', '/api/me/withdrawals', owner)).json() as { withdrawals: Withdrawal[] };
    expect(list.withdrawals.map((x) => [x.id, x.status])).toEqual([[w.id, 'paid']]);
    expect((await send('GET', '/api/me/withdrawals', other)).json()).toEqual({ withdrawals: [], page: 1, pageSize: 20, total: 0 });
    // A page at a time: past the end nothing is listed and the whole list is still counted.
    expect((await send('GET', '/api/me/withdrawals?page=2&pageSize=1', owner)).json()).toMatchObject({
      withdrawals: [],
      total: 1,
      page: 2,
    });
    expect((await send('GET', '/api/me/withdrawals?pageSize=0', owner)).statusCode).toBe(400);
    expect((await send('GET', `/api/me/withdrawals/${w.id}`, other)).statusCode).toBe(404);
    await expectMoneyInvariants(owner);
  });

  it('failed: refused when sent, the money back in the available balance once, the owner told', async () => {
    await putAccount(owner, { accountNumber: TEST_BANK_ACCOUNTS.refused });
    const w = (await withdraw(owner, 1_000)).json() as Withdrawal;
    expect(await balanceOf(owner)).toMatchObject({ availablePence: 6_500, pendingDebitsPence: 1_000 });
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    expect(await withdrawalOf(owner, w.id)).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/refused/) });
    expect(await balanceOf(owner)).toMatchObject({ availablePence: 7_500, pendingDebitsPence: 0 });
    expect(await postingsOf(w.id)).toEqual(['withdrawal_failed', 'withdrawal_requested']);
    const [notice] = await queryRows<{ title: string }>(
      ctx.database.db,
      sql`select title from notifications where user_id = ${owner.user.id} and kind = 'payout.failed'`,
    );
    expect(notice?.title).toBe('Withdrawal failed: £10.00');
    await expectMoneyInvariants(owner);
  });

  it('returned: paid, then sent back by the bank; the money back in the balance once, whatever runs twice, and the owner told', async () => {
    await putAccount(owner, { accountNumber: TEST_BANK_ACCOUNTS.returned });
    const w = (await withdraw(owner, 3_000)).json() as Withdrawal;
    await ctx.app.jobs.runDue();
    expect((await withdrawalOf(owner, w.id)).status).toBe('paid');
    expect(await balanceOf(owner)).toMatchObject({ availablePence: 4_500, pendingDebitsPence: 0 });
    // Not yet: the check runs two days after the payout.
    await ctx.app.jobs.runDue();
    expect((await withdrawalOf(owner, w.id)).status).toBe('paid');
    await twoDaysLater();
    await ctx.app.jobs.runDue();
    const returned = await withdrawalOf(owner, w.id);
    expect(returned).toMatchObject({ status: 'returned', failureReason: expect.stringMatching(/sent the payout back/) });
    expect(returned.returnedAt).not.toBeNull();
    expect(await balanceOf(owner)).toMatchObject({ availablePence: 7_500, pendingDebitsPence: 0 });

    // The job again (a retry, a second worker): the status moves only from paid, so nothing more is posted.
    await ctx.app.jobs.enqueue('payouts.check_return', { withdrawalId: w.id }, { key: `again:${w.id}`, runAt: clock });
    await ctx.app.jobs.enqueue('payouts.send', { withdrawalId: w.id }, { key: `again-send:${w.id}`, runAt: clock });
    await ctx.app.jobs.runDue();
    expect(await postingsOf(w.id)).toEqual(['withdrawal_paid', 'withdrawal_requested', 'withdrawal_returned']);
    expect((await balanceOf(owner)).availablePence).toBe(7_500);

    const lines = (await send('GET', '/api/me/transactions', owner)).json().transactions as Array<Record<string, unknown>>;
    expect(lines.filter((l) => l.withdrawalId === w.id).map((l) => [l.description, l.status])).toEqual([
      ['Withdrawal returned by the bank of bank account ending 2222: the money is back in your balance', 'failed'],
      ['Withdrawal paid out to bank account ending 2222', 'failed'],
      ['Withdrawal to bank account ending 2222 requested', 'failed'],
    ]);
    const [notice] = await queryRows<{ title: string; body: string }>(
      ctx.database.db,
      sql`select title, body from notifications where user_id = ${owner.user.id} and kind = 'payout.returned'`,
    );
    expect(notice?.title).toBe('Withdrawal returned: £30.00');
    expect(mailer.sent.some((m) => m.to === 'olive@example.com' && m.subject.includes('Withdrawal returned'))).toBe(true);
    // The database refuses a move the states do not allow (returned is final).
    await expect(ctx.database.db.execute(sql`update withdrawals set status = 'paid' where id = ${w.id}`)).rejects.toThrow();
    await expectMoneyInvariants(owner);
  });

  it('no answer from the payout service: the withdrawal stays pending, the job tries again, and it is paid (and returned) once', async () => {
    await putAccount(owner, { accountNumber: TEST_BANK_ACCOUNTS.returned });
    const before = (await balanceOf(owner)).availablePence;
    const w = (await withdraw(owner, 700)).json() as Withdrawal;
    lose.sends = 2;
    await ctx.app.jobs.runDue();
    expect((await withdrawalOf(owner, w.id)).status).toBe('pending');
    expect(await balanceOf(owner)).toMatchObject({ availablePence: before - 700, pendingDebitsPence: 700 });
    // The retries come after their backoff (30 s, then 60 s).
    for (let i = 0; i < 3; i++) {
      clock = new Date(clock.getTime() + 5 * 60_000);
      await ctx.app.jobs.runDue();
    }
    expect(lose.sends).toBe(0);
    expect((await withdrawalOf(owner, w.id)).status).toBe('paid');
    expect(simulated.sent.get(w.id)).toMatchObject({ amountPence: 700 });
    // The check for a return loses its first answer too, then finds it returned.
    lose.states = 1;
    await twoDaysLater();
    await ctx.app.jobs.runDue();
    expect((await withdrawalOf(owner, w.id)).status).toBe('paid');
    clock = new Date(clock.getTime() + 10 * 60_000);
    await ctx.app.jobs.runDue();
    expect((await withdrawalOf(owner, w.id)).status).toBe('returned');
    expect(await postingsOf(w.id)).toEqual(['withdrawal_paid', 'withdrawal_requested', 'withdrawal_returned']);
    expect(await balanceOf(owner)).toMatchObject({ availablePence: before, pendingDebitsPence: 0 });
    await expectMoneyInvariants(owner);
  });

  it('a withdrawal keeps the account it was asked for: replacing or removing the account later does not redirect it', async () => {
    await putAccount(owner, {});
    const w = (await withdraw(owner, 500)).json() as Withdrawal;
    expect((await send('DELETE', '/api/me/bank-account', owner)).statusCode).toBe(204);
    await ctx.app.jobs.runDue();
    expect(await withdrawalOf(owner, w.id)).toMatchObject({ status: 'paid', destination: { last4: '4958' } });
    const refused = await withdraw(owner, 100);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.field).toBe('bankAccount');
    await expectMoneyInvariants(owner);
  });
});

describe('migration 0078: withdrawals to cards from before bank payouts', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));

  it('cancels those still pending and gives their amount back once; paid and failed ones keep their history', async () => {
    const member = await createSignedInUser(ctx.app, mailer, 'cardy@example.com', 'Carey Card');
    await credit(member.user.id, 6_000);
    const db = ctx.database.db;
    // Card withdrawals as the card-payout path left them: one pending, one paid, one failed.
    const made: Record<string, string> = {};
    for (const [status, amountPence] of [
      ['pending', 1_000],
      ['paid', 2_000],
      ['failed', 500],
    ] as const) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(withdrawals)
          .values({
            userId: member.user.id,
            idempotencyKey: randomUUID(),
            amountPence,
            method: 'card',
            brand: 'visa',
            last4: '4242',
            provider: 'simulated',
            destination: `sim_card_${randomUUID()}`,
            createdAt: clock,
            updatedAt: clock,
          })
          .returning();
        made[status] = row!.id;
        await postTransaction(tx, withdrawalRequestedPosting({ withdrawalId: row!.id, userId: member.user.id, amountPence }));
        if (status !== 'pending') {
          await tx
            .update(withdrawals)
            .set({ status, finishedAt: clock })
            .where(sql`id = ${row!.id}`);
          await postTransaction(
            tx,
            withdrawalSettledPosting({ withdrawalId: row!.id, userId: member.user.id, amountPence, outcome: status }),
          );
        }
      });
    }
    expect(await balanceOf(member)).toMatchObject({ availablePence: 3_000, pendingDebitsPence: 1_000 });

    // The migration's data step, as migrate runs it (its last statement).
    const migration = await readFile(path.join(here, '../../db/migrations/0078_bank_payouts.sql'), 'utf8');
    const dataStep = migration.split('--> statement-breakpoint').at(-1)!;
    expect(dataStep).toContain('WHERE "method" = \'card\' AND "status" = \'pending\'');
    await db.execute(sql.raw(dataStep));
    // Run again (nothing is pending any more): nothing more moves.
    await db.execute(sql.raw(dataStep));

    expect(await balanceOf(member)).toMatchObject({ availablePence: 4_000, pendingDebitsPence: 0 });
    expect(await withdrawalOf(member, made.pending!)).toMatchObject({
      status: 'cancelled',
      destination: { kind: 'card', brand: 'visa', last4: '4242' },
      failureReason: expect.stringMatching(/Payouts to cards have stopped/),
    });
    expect((await withdrawalOf(member, made.paid!)).status).toBe('paid');
    expect((await withdrawalOf(member, made.failed!)).status).toBe('failed');
    expect(await postingsOf(made.pending!)).toEqual(['withdrawal_cancelled', 'withdrawal_requested']);
    expect(await postingsOf(made.paid!)).toEqual(['withdrawal_paid', 'withdrawal_requested']);
    // The history reads as it did, with the cancellation in words.
    const lines = (await send('GET', '/api/me/transactions', member)).json().transactions as Array<Record<string, unknown>>;
    expect(lines.filter((l) => l.withdrawalId === made.pending).map((l) => [l.description, l.status])).toEqual([
      ['Withdrawal to a card cancelled: the money is back in your balance', 'cancelled'],
      ['Withdrawal to Visa ending 4242 requested', 'cancelled'],
    ]);
    expect(lines.find((l) => l.withdrawalId === made.paid && l.description === 'Withdrawal paid out to Visa ending 4242')).toMatchObject({
      paymentMethod: 'card',
      status: 'completed',
    });
    // A payout job still queued for the cancelled request sends nothing.
    await ctx.app.jobs.enqueue('payouts.send', { withdrawalId: made.pending }, { key: `old:${made.pending}`, runAt: clock });
    await ctx.app.jobs.runDue();
    expect((await withdrawalOf(member, made.pending!)).status).toBe('cancelled');
    await expectMoneyInvariants(member);
  });
});
