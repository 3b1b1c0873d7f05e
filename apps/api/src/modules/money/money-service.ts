import { statementWords } from '@toolshed/core';
import type { Balance, Transaction, TransactionStatus, TransactionsPage } from '@toolshed/core/contract';
import type { MoneyRepository, StatementRecord } from './money-repository.ts';

/** Rows in one CSV download at most (years of activity for anyone on a marketplace like this). */
export const CSV_MAX_ROWS = 10_000;

/** Where a line's state comes from: the withdrawal, the card refund, or the rental paid for or earned from. */
function statusOf(line: StatementRecord, type: Transaction['type']): TransactionStatus {
  if (line.withdrawalStatus) {
    // The request's line follows the withdrawal: paid completes it; refused, returned by the bank or
    // cancelled (the money back in the balance) fails it. Each later posting is what it says.
    if (line.kind === 'withdrawal_requested') {
      if (line.withdrawalStatus === 'paid') return 'completed';
      if (line.withdrawalStatus === 'pending') return 'pending';
      return line.withdrawalStatus === 'cancelled' ? 'cancelled' : 'failed';
    }
    if (line.kind === 'withdrawal_paid' && line.withdrawalStatus === 'returned') return 'failed';
    if (line.kind === 'withdrawal_cancelled') return 'cancelled';
    return line.kind === 'withdrawal_failed' || line.kind === 'withdrawal_returned' ? 'failed' : 'completed';
  }
  if (line.cardRefunds.pending) return 'pending';
  if (line.cardRefunds.failed) return 'failed';
  if ((type === 'sent' || type === 'received') && line.rentalState)
    return line.rentalState === 'cancelled' ? 'cancelled' : line.rentalState === 'returned' ? 'completed' : 'pending';
  return 'completed';
}

/** One statement line as the member reads it. */
function toTransaction(line: StatementRecord): Transaction {
  const m = line.movements;
  const { type, description } = statementWords(line.kind, m, line.card);
  // What the member gained or paid: every account of theirs together (a hold, or a move between
  // their own accounts, is 0: the money is still theirs).
  const totalPence = m.cardPence + m.availablePence + m.pendingPence + m.depositHeldPence + m.payoutPendingPence + m.paidOutPence;
  const byCard = m.cardPence !== 0 || m.paidOutPence !== 0 || m.payoutPendingPence !== 0;
  return {
    id: line.rentalId ? `${line.postingId}:${line.rentalId}` : line.postingId,
    postingId: line.postingId,
    rentalId: line.rentalId,
    withdrawalId: line.withdrawalId,
    date: line.at,
    type,
    description,
    item: line.item,
    counterparty: line.counterparty,
    amountPence: totalPence - line.feePence,
    serviceFeePence: line.feePence,
    totalPence,
    movements: m,
    balanceAfterPence: line.balanceAfterPence,
    status: statusOf(line, type),
    paymentMethod: !byCard ? 'balance' : line.card?.brand === 'bank' ? 'bank' : 'card',
    card: byCard ? line.card : null,
  };
}

/** What a user sees of their money: balances and earnings, and their statement, from the ledger. */
export function createMoneyService(repo: MoneyRepository) {
  async function count(userId: string): Promise<number> {
    return (await repo.statement(userId, 1, 0)).total ?? 0;
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
      const found = await repo.statement(userId, pageSize, (page - 1) * pageSize);
      // Past the last page there is no row to carry the count.
      const total = found.total ?? (page > 1 ? await count(userId) : 0);
      return { transactions: found.lines.map(toTransaction), page, pageSize, total };
    },

    async allTransactions(userId: string): Promise<Transaction[]> {
      return (await repo.statement(userId, CSV_MAX_ROWS, 0)).lines.map(toTransaction);
    },
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
