import { randomUUID } from 'node:crypto';
import type { PayoutProvider } from './payout-provider.ts';

/**
 * The test bank accounts of the simulated payouts (docs/PAYMENTS.md), all at sort code 08-99-99,
 * whose numbers pass the modulus check. Any other account that passes it is paid.
 */
export const TEST_BANK_ACCOUNTS = {
  sortCode: '089999',
  paid: '66374958',
  refused: '11111111',
  returned: '22222222',
  notFound: '33333333',
} as const;

type Behaviour = 'paid' | 'refused' | 'returned';

/**
 * The simulated payout service: no bank is reachable from here. Accounts are tokenised in memory;
 * a payout to the refused test account is refused when it is sent, one to the returned test account
 * is paid and then returned by the bank, any other is paid. A token this process never issued (made
 * before a restart) is paid. Payouts are idempotent by reference.
 */
export function createSimulatedPayouts(): PayoutProvider & { sent: Map<string, { destination: string; amountPence: number }> } {
  const behaviours = new Map<string, Behaviour>();
  const sent = new Map<string, { destination: string; amountPence: number }>();
  const payoutDestination = new Map<string, string>();
  return {
    name: 'simulated',
    sent,
    async addBankAccount({ sortCode, accountNumber }) {
      const isTest = sortCode === TEST_BANK_ACCOUNTS.sortCode;
      if (isTest && accountNumber === TEST_BANK_ACCOUNTS.notFound) return { ok: false, reason: 'account_not_found' };
      const token = `sim_bank_${randomUUID()}`;
      if (isTest && accountNumber === TEST_BANK_ACCOUNTS.refused) behaviours.set(token, 'refused');
      if (isTest && accountNumber === TEST_BANK_ACCOUNTS.returned) behaviours.set(token, 'returned');
      return { ok: true, token, last4: accountNumber.slice(-4) };
    },
    async send({ destination, amountPence, reference }) {
      if (behaviours.get(destination) === 'refused') return { ok: false, reason: 'declined' };
      if (!sent.has(reference)) sent.set(reference, { destination, amountPence });
      const payoutId = `sim_payout_${reference}`;
      payoutDestination.set(payoutId, destination);
      return { ok: true, payoutId };
    },
    async payoutState(payoutId) {
      const destination = payoutDestination.get(payoutId);
      if (destination && behaviours.get(destination) === 'returned') return { state: 'returned', reason: 'account_closed' };
      return { state: 'paid' };
    },
  };
}
