import type { FastifyInstance } from 'fastify';
import { TEST_BANK_ACCOUNTS } from '../platform/payments/simulated-payouts.ts';
import { ORIGIN } from './auth-helpers.ts';

/** Adds a test bank account (docs/PAYMENTS.md) for the signed-in member, so they can withdraw; fails the test if refused. */
export async function addBankAccount(
  app: FastifyInstance,
  cookie: string,
  accountNumber: string = TEST_BANK_ACCOUNTS.paid,
  name = 'Test Account Holder',
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/me/bank-account',
    payload: { name, sortCode: '08-99-99', accountNumber },
    headers: { cookie, origin: ORIGIN },
  });
  if (res.statusCode !== 200) throw new Error(`adding a test bank account: ${res.statusCode} ${res.body}`);
}
