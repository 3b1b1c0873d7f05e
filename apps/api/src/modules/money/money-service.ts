import { feeShares, serviceFeePence } from '@toolshed/core';
import type { Balance, Transaction, TransactionPaymentMethod, TransactionsPage } from '@toolshed/core/contract';
import type { MoneyRepository, TransactionRow } from './money-repository.ts';

/**
 * How each kind of transaction moves money: a rental is paid by card at checkout; an owner's
 * earnings and a renter's refunds are credited to their Toolshed balance; a withdrawal is paid out
 * from the balance to a card.
 */
const PAYMENT_METHODS: Record<TransactionRow['type'], TransactionPaymentMethod> = {
  sent: 'card',
  received: 'balance',
  refund: 'balance',
  withdrawal: 'card',
};

/** Rows in one CSV download at most (years of activity for anyone on a marketplace like this). */
export const CSV_MAX_ROWS = 10_000;

/** What a user sees of their money: balances and earnings, and their transactions. */
export function createMoneyService(repo: MoneyRepository) {
  async function toTransactions(rows: TransactionRow[]): Promise<Transaction[]> {
    const checkouts = await repo.checkoutLines([
      ...new Set(rows.filter((r) => r.type === 'sent' && r.payment_id).map((r) => r.payment_id!)),
    ]);
    return rows.map((row) => {
      let fee = 0;
      if (row.type === 'sent') {
        const checkout = row.payment_id ? checkouts.get(row.payment_id) : undefined;
        if (checkout) {
          const shares = feeShares(
            checkout.feePence,
            checkout.lines.map((l) => l.totalPence),
          );
          fee = shares[checkout.lines.findIndex((l) => l.rentalId === row.id)] ?? 0;
        } else {
          // A rental made without a checkout (the sample catalogue's history): the fee rule on its own.
          fee = serviceFeePence(row.amount_pence);
        }
      }
      return {
        id: row.id,
        date: new Date(row.at).toISOString(),
        type: row.type,
        item: row.item_id && row.item_name !== null ? { id: row.item_id, name: row.item_name } : null,
        counterparty:
          row.counterparty_id && row.counterparty_name !== null ? { id: row.counterparty_id, name: row.counterparty_name } : null,
        amountPence: row.amount_pence,
        serviceFeePence: fee,
        totalPence: row.amount_pence + fee,
        status: row.status,
        paymentMethod: PAYMENT_METHODS[row.type],
        card: PAYMENT_METHODS[row.type] === 'card' && row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
      };
    });
  }

  async function count(userId: string): Promise<number> {
    const [first] = await repo.transactions(userId, 1, 0);
    return first?.total_rows ?? 0;
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
      const rows = await repo.transactions(userId, pageSize, (page - 1) * pageSize);
      // Past the last page there is no row to carry the count.
      const total = rows[0]?.total_rows ?? (page > 1 ? await count(userId) : 0);
      return { transactions: await toTransactions(rows), page, pageSize, total };
    },

    async allTransactions(userId: string): Promise<Transaction[]> {
      return toTransactions(await repo.transactions(userId, CSV_MAX_ROWS, 0));
    },
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
