import { and, eq, max, sql, sum } from 'drizzle-orm';
import { ledgerProblem, type LedgerAccount, type LedgerPosting } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';

/** A posting of core's `ledger-postings.ts` (the product's only ones); tests may post their own kinds. */
export type LedgerTransactionInput = Omit<LedgerPosting, 'kind'> & { kind: LedgerPosting['kind'] | (string & {}) };

/**
 * Saves one money movement, as a posting function of core (`ledger-postings.ts`) made it: the one
 * place ledger rows are written. Call it inside the transaction that makes the change it pays for,
 * so both happen or neither does. Refuses unbalanced entries here, and the database refuses them
 * again at commit (a deferred trigger), whatever code wrote them.
 */
export async function postTransaction(executor: Executor, input: LedgerTransactionInput): Promise<string> {
  const problem = ledgerProblem(input.entries);
  if (problem) throw new Error(problem);
  const [row] = await executor
    .insert(ledgerTransactions)
    .values({ kind: input.kind, paymentId: input.paymentId ?? null, rentalId: input.rentalId ?? null, reference: input.reference ?? null })
    .returning({ id: ledgerTransactions.id });
  const transactionId = row!.id;
  await executor.insert(ledgerEntries).values(
    input.entries.map((e) => ({
      transactionId,
      userId: e.userId,
      account: e.account,
      kind: e.kind ?? input.kind,
      amountPence: e.amountPence,
      rentalId: e.rentalId ?? input.rentalId ?? null,
      paymentId: e.paymentId ?? input.paymentId ?? null,
    })),
  );
  return transactionId;
}

export interface Balances {
  /** What the user may withdraw. */
  availablePence: number;
  /** Earnings of rentals not yet completed. */
  pendingCreditsPence: number;
  /** Withdrawals being paid out. */
  pendingDebitsPence: number;
  /** When the user's ledger last moved (null if never). */
  lastUpdated: Date | null;
}

/** A user's balances, summed from the ledger. */
export async function balances(executor: Executor, userId: string): Promise<Balances> {
  const rows = await executor
    .select({ account: ledgerEntries.account, total: sum(ledgerEntries.amountPence), last: max(ledgerEntries.createdAt) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.account);
  const total = (account: LedgerAccount) => Number(rows.find((r) => r.account === account)?.total ?? 0);
  const last = rows.reduce<Date | null>((acc, r) => {
    const d = r.last ? new Date(r.last) : null;
    return d && (!acc || d > acc) ? d : acc;
  }, null);
  return {
    availablePence: total('available'),
    pendingCreditsPence: total('pending'),
    pendingDebitsPence: total('payout_pending'),
    lastUpdated: last,
  };
}

/** The sum of one account of one user for one rental (e.g. the owner's pending earnings for it). */
export async function rentalAccountTotal(
  executor: Executor,
  rentalId: string,
  userId: string | null,
  account: LedgerAccount,
): Promise<number> {
  const [row] = await executor
    .select({ total: sum(ledgerEntries.amountPence) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.rentalId, rentalId),
        userId === null ? sql`${ledgerEntries.userId} is null` : eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.account, account),
      ),
    );
  return Number(row?.total ?? 0);
}
