import { and, asc, eq, inArray, max, sql, sum } from 'drizzle-orm';
import { ledgerProblem, type LedgerAccount, type LedgerPosting } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { ledgerEntries, ledgerTransactions, users } from '../../db/schema.ts';

/** A posting of core's `ledger-postings.ts` (the product's only ones); tests may post their own kinds. */
export type LedgerTransactionInput = Omit<LedgerPosting, 'kind'> & { kind: LedgerPosting['kind'] | (string & {}) };

/**
 * Saves one money movement, as a posting function of core (`ledger-postings.ts`) made it: the one
 * place ledger rows are written. Call it inside the transaction that makes the change it pays for,
 * so both happen or neither does. Refuses unbalanced entries here, and the database refuses them
 * again at commit (a deferred trigger), whatever code wrote them.
 */
export async function postTransaction(executor: Executor, input: LedgerTransactionInput, at?: Date): Promise<string> {
  const problem = ledgerProblem(input.entries);
  if (problem) throw new Error(problem);
  const [row] = await executor
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      paymentId: input.paymentId ?? null,
      rentalId: input.rentalId ?? null,
      reference: input.reference ?? null,
      // When it happened, for a history written afterwards (the sample catalogue's); else now.
      ...(at && { createdAt: at }),
    })
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

/** What spending from available balances came to: the posting saved (null: there was nothing to post), or refused. */
export type BalanceSpending =
  | { kind: 'posted'; transactionId: string | null }
  /** The posting would take this member's available balance below zero: nothing was posted. */
  | { kind: 'short'; userId: string; availablePence: number; spentPence: number };

/**
 * The one way money leaves members' available balances (a withdrawal, an extension paid from the
 * balance, a claim refunded from an owner's earnings, a failed capture taking back a refund). Inside
 * the caller's transaction it locks each member's row (`FOR NO KEY UPDATE`, in id order), reads
 * their available balances under the lock, asks `build` for the posting given them, and saves it
 * only if no available balance goes below zero. Two spenders of one balance therefore run one after
 * the other, the second reading what the first left, instead of both reading the same balance and
 * the deferred check refusing one at commit (or, committing side by side, neither). Take it last in
 * the transaction, after the rental and item rows, as every spender does, so the lock is held
 * briefly and always in the same order. A posting that takes from a balance whose row was not
 * locked here is a mistake in the caller and throws.
 */
export async function spendFromBalances(
  executor: Executor,
  userIds: readonly string[],
  build: (availablePence: Readonly<Record<string, number>>) => LedgerTransactionInput | null | Promise<LedgerTransactionInput | null>,
): Promise<BalanceSpending> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length > 0)
    await executor.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for('no key update');
  const available: Record<string, number> = {};
  for (const id of ids) available[id] = (await balances(executor, id)).availablePence;
  const posting = await build(available);
  if (!posting) return { kind: 'posted', transactionId: null };
  const spent = new Map<string, number>();
  for (const e of posting.entries) {
    if (e.account !== 'available' || e.userId === null) continue;
    spent.set(e.userId, (spent.get(e.userId) ?? 0) - e.amountPence);
  }
  for (const [userId, spentPence] of spent) {
    if (spentPence <= 0) continue;
    if (!(userId in available)) throw new Error(`A posting that takes from user ${userId}'s available balance must lock it first.`);
    if (spentPence > available[userId]!) return { kind: 'short', userId, availablePence: available[userId]!, spentPence };
  }
  return { kind: 'posted', transactionId: await postTransaction(executor, posting) };
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
