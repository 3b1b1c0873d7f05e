import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Transaction, TransactionsPage } from '@toolshed/core/contract';
import { queryRows, type Db } from '../db/database.ts';

const ACCOUNTS = {
  card: 'cardPence',
  available: 'availablePence',
  pending: 'pendingPence',
  deposit_held: 'depositHeldPence',
  payout_pending: 'payoutPendingPence',
  paid_out: 'paidOutPence',
} as const;

/** Every line of a member's statement, read a page at a time as the screen reads it (newest first). */
export async function statementOf(app: FastifyInstance, cookie: string, pageSize = 7): Promise<Transaction[]> {
  const lines: Transaction[] = [];
  for (let page = 1; ; page++) {
    const res = await app.inject({ method: 'GET', url: `/api/me/transactions?page=${page}&pageSize=${pageSize}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TransactionsPage;
    lines.push(...body.transactions);
    if (page * pageSize >= body.total) {
      expect(lines).toHaveLength(body.total);
      return lines;
    }
  }
}

/**
 * A member's statement reconciles with the ledger: the lines of each account sum to the ledger's
 * balance of it; every posting that touches the member is listed, with exactly what it moved for
 * them; the running balance steps by each line's movement and ends at the available balance; each
 * line's amount and fee make its total, and its total is what it moved.
 */
export async function expectStatementMatchesLedger(
  app: FastifyInstance,
  db: Db,
  member: { cookie: string; user: { id: string } },
  /** Lines per page read: property tests that check long statements after every step read more at a time. */
  pageSize = 7,
) {
  const lines = await statementOf(app, member.cookie, pageSize);
  const who = member.user.id;
  const ledger = await queryRows<{ transaction_id: string; account: keyof typeof ACCOUNTS; total: number }>(
    db,
    sql`select transaction_id::text, account, sum(amount_pence)::int as total from ledger_entries where user_id = ${who}
        group by transaction_id, account`,
  );
  const expected = new Map<string, Record<string, number>>();
  for (const row of ledger) {
    const moved = expected.get(row.transaction_id) ?? {};
    moved[ACCOUNTS[row.account]] = row.total;
    expected.set(row.transaction_id, moved);
  }
  const listed = new Map<string, Record<string, number>>();
  for (const line of lines) {
    const moved = listed.get(line.postingId) ?? {};
    for (const [key, pence] of Object.entries(line.movements)) if (pence !== 0) moved[key] = (moved[key] ?? 0) + pence;
    listed.set(line.postingId, moved);
    const total = Object.values(line.movements).reduce((a, b) => a + b, 0);
    expect(line.totalPence, `line ${line.id}'s total`).toBe(total);
    expect(line.amountPence + line.serviceFeePence, `line ${line.id}'s amount and fee`).toBe(line.totalPence);
  }
  const nonZero = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== 0));
  expect(
    Object.fromEntries([...listed].map(([id, m]) => [id, nonZero(m)])),
    `${who}'s statement lists each of their postings with what it moved`,
  ).toEqual(Object.fromEntries([...expected].map(([id, m]) => [id, nonZero(m)])));
  expect(new Set(lines.map((l) => l.id)).size, 'no line twice').toBe(lines.length);

  // Oldest first, the running balance moves by each line's available movement.
  let running = 0;
  for (const line of [...lines].reverse()) {
    running += line.movements.availablePence;
    expect(line.balanceAfterPence, `balance after line ${line.id}`).toBe(running);
  }
  const [available] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries where user_id = ${who} and account = 'available'`,
  );
  expect(running).toBe(available!.n);
  return lines;
}
