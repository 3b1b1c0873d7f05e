import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayInLondon } from '@toolshed/core';
import {
  bankAccountAnswerSchema,
  bankAccountRequestSchema,
  bankAccountSchema,
  balanceSchema,
  errorBodySchema,
  LIST_MAX_PAGE_SIZE,
  pageQuerySchema,
  pageRequest,
  transactionsPageSchema,
  transactionsQuerySchema,
  withdrawalRequestSchema,
  withdrawalSchema,
  withdrawalsPageSchema,
} from '@toolshed/core/contract';
import type { BankAccountService } from './bank-account-service.ts';
import type { MoneyService } from './money-service.ts';
import { transactionsCsv } from './transactions-csv.ts';
import { WITHDRAWALS_PAGE_SIZE, type WithdrawalService } from './withdrawal-service.ts';

interface Deps {
  money: MoneyService;
  bankAccounts: BankAccountService;
  withdrawals: WithdrawalService;
  now: () => Date;
}

/** The signed-in user's own money, and nobody else's: every route is under /me or checks the owner. */
export const moneyRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  statementRoutes(app, deps);
  withdrawalRoutes(app, deps);
  bankAccountRoutes(app, deps);
};

type App = Parameters<FastifyPluginAsyncZod<Deps>>[0];

/** The balance and the transactions behind it, on screen and as a download. */
function statementRoutes(app: App, { money, now }: Deps) {
  const { currentUser } = app;
  app.get(
    '/me/balance',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['money'],
        summary: 'Available balance, pending credits and debits, and earnings, from the ledger',
        response: { 200: balanceSchema, 401: errorBodySchema },
      },
    },
    async (request) => money.balance((await currentUser.requireUser(request)).id),
  );

  app.get(
    '/me/transactions',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['money'],
        summary: 'Rentals paid for and earned from, refunds and withdrawals, newest first, a page at a time',
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => money.transactions((await currentUser.requireUser(request)).id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/me/transactions.csv',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['money'],
        summary: 'Every transaction as a CSV download (spreadsheet formulas neutralised)',
        produces: ['text/csv'],
        response: { 200: z.string(), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      const csv = transactionsCsv(await money.allTransactions(user.id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="toolshed-transactions-${todayInLondon(now())}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}

function withdrawalRoutes(app: App, { withdrawals }: Deps) {
  const { currentUser } = app;
  app.post(
    '/me/withdrawals',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['money'],
        summary: "Withdraw part of the available balance to the member's bank account (paid out in the background)",
        description:
          "400 'Please enter a valid amount' when the amount is not above 0 or is more than the available balance; 400 'Add a bank account to withdraw to.' (field bankAccount) without one. The same idempotencyKey returns the first withdrawal (200).",
        body: withdrawalRequestSchema,
        response: {
          201: withdrawalSchema,
          200: withdrawalSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await currentUser.requireUser(request);
      const { withdrawal, replayed } = await withdrawals.withdraw(user.id, request.body);
      return reply.status(replayed ? 200 : 201).send(withdrawal);
    },
  );

  app.get(
    '/me/withdrawals',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['money'],
        summary: "The signed-in user's withdrawals, newest first, each with its state; a page at a time",
        querystring: pageQuerySchema(WITHDRAWALS_PAGE_SIZE, LIST_MAX_PAGE_SIZE),
        response: { 200: withdrawalsPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => withdrawals.page((await currentUser.requireUser(request)).id, pageRequest(request.query, WITHDRAWALS_PAGE_SIZE)),
  );

  app.get(
    '/me/withdrawals/:withdrawalId',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['money'],
        summary: "One of the signed-in user's withdrawals (anyone else's: 404)",
        params: z.object({ withdrawalId: z.string().max(100) }),
        response: { 200: withdrawalSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => withdrawals.one((await currentUser.requireUser(request)).id, request.params.withdrawalId),
  );
}

/** The bank account payouts go to. */
function bankAccountRoutes(app: App, { bankAccounts }: Deps) {
  const { currentUser } = app;
  app.get(
    '/me/bank-account',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['money'],
        summary: "The signed-in user's bank account for payouts (name, sort code, last four digits), or null",
        response: { 200: bankAccountAnswerSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ bankAccount: await bankAccounts.mine((await currentUser.requireUser(request)).id) }),
  );

  app.put(
    '/me/bank-account',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['money'],
        summary: 'Add the bank account payouts go to, or replace the one there is',
        description:
          "Checked with Vocalink's modulus rules, then added to the payout provider; only its token, the last four digits and the sort code are kept. 400 naming the field: 'Enter the name on the account', 'Enter a valid sort code, like 12-34-56', 'Enter a valid account number, like 12345678', 'These bank details do not match: check the sort code and account number', 'The bank could not find this account: check the sort code and account number'.",
        body: bankAccountRequestSchema,
        response: { 200: bankAccountSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => bankAccounts.save((await currentUser.requireUser(request)).id, request.body),
  );

  app.delete(
    '/me/bank-account',
    {
      onRequest: currentUser.authenticate,
      schema: {
        tags: ['money'],
        summary: 'Remove the bank account (withdrawals already asked for are still paid to it)',
        response: { 204: z.null().describe('Removed, or there was none'), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      await bankAccounts.remove((await currentUser.requireUser(request)).id);
      return reply.status(204).send(null);
    },
  );
}
