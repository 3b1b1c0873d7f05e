import { feeShares, serviceFeePence } from '@toolshed/core';
import type { Balance, Transaction, TransactionPaymentMethod, TransactionsPage } from '@toolshed/core/contract';
import type { MoneyRepository, TransactionRecord } from './money-repository.ts';

/**
 * How each kind of transaction moves money: a rental is paid by card at checkout; an owner's
 * earnings and a renter's refunds are credited to their Toolshed balance; a withdrawal is paid out
 * from the balance to a card.
 */
const PAYMENT_METHODS: Record<TransactionRecord['type'], TransactionPaymentMethod> = {
  sent: 'card',
  received: 'balance',
  refund: 'balance',
  withdrawal: 'card',
};

/** Rows in one CSV download at most (years of activity for anyone on a marketplace like this). */
export const CSV_MAX_ROWS = 10_000;

/** What a user sees of their money: balances and earnings, and their transactions. */
export function createMoneyService(repo: MoneyRepository) {
  async function toTransactions(rows: TransactionRecord[]): Promise<Transaction[]> {
    const checkouts = await repo.checkoutLines([...new Set(rows.filter((r) => r.type === 'sent' && r.paymentId).map((r) => r.paymentId!))]);
    return rows.map((row) => {
      let fee = 0;
      if (row.type === 'sent') {
        const checkout = row.paymentId ? checkouts.get(row.paymentId) : undefined;
        if (checkout) {
          const shares = feeShares(
            checkout.feePence,
            checkout.lines.map((l) => l.totalPence),
          );
          fee = shares[checkout.lines.findIndex((l) => l.rentalId === row.id)] ?? 0;
        } else {
          // A rental made without a checkout (the sample catalogue's history): the fee rule on its own.
          fee = serviceFeePence(row.amountPence);
        }
      }
      return {
        id: row.id,
        date: row.at,
        type: row.type,
        item: row.item,
        counterparty: row.counterparty,
        amountPence: row.amountPence,
        serviceFeePence: fee,
        totalPence: row.amountPence + fee,
        status: row.status,
        paymentMethod: PAYMENT_METHODS[row.type],
        card: PAYMENT_METHODS[row.type] === 'card' ? row.card : null,
      };
    });
  }

  async function count(userId: string): Promise<number> {
    return (await repo.transactions(userId, 1, 0)).total ?? 0;
  }

  return {
    async balance(userId: string): Promise<Balance> {
      const [b, earnings] = await Promise.all([repo.balances(userId), repo.earnings(userId)]);
      return {
        availablePence: b.availablePence,
        pendingCreditsPence: b.pendingCreditsPence,
        pendingDebitsPence: b.pendingDebitsPence,
        lastUpdated: b.lastUpdated ? b.lastUpdated.toISOString() : null,
        earnings,
      };
    },

    async transactions(userId: string, page: number, pageSize: number): Promise<TransactionsPage> {
      const found = await repo.transactions(userId, pageSize, (page - 1) * pageSize);
      // Past the last page there is no row to carry the count.
      const total = found.total ?? (page > 1 ? await count(userId) : 0);
      return { transactions: await toTransactions(found.transactions), page, pageSize, total };
    },

    async allTransactions(userId: string): Promise<Transaction[]> {
      return toTransactions((await repo.transactions(userId, CSV_MAX_ROWS, 0)).transactions);
    },
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
