import { eq, sql } from 'drizzle-orm';
import type { StatementMovements } from '@toolshed/core';
import { queryRows, type Db } from '../../db/database.ts';
import { toInt, toIsoTimestamp } from '../../db/row-values.ts';
import { rentals } from '../../db/schema.ts';
import { balances } from '../ledger/ledger-repository.ts';

/** One line of a user's statement: one ledger posting as it moved their accounts (per rental when it covers several). */
export interface StatementRecord {
  postingId: string;
  rentalId: string | null;
  /** ISO timestamp. */
  at: string;
  kind: string;
  movements: StatementMovements;
  /** Their part of the platform's fee in it (negative: they paid it). */
  feePence: number;
  balanceAfterPence: number;
  item: { id: string; name: string } | null;
  counterparty: { id: string; name: string } | null;
  card: { brand: string; last4: string } | null;
  withdrawalId: string | null;
  withdrawalStatus: string | null;
  /** The rental's state: cancelled, returned or open (null without a rental). */
  rentalState: 'cancelled' | 'returned' | 'open' | null;
  /** Refunds to a card made by this posting: any still waiting, any refused. */
  cardRefunds: { pending: boolean; failed: boolean };
}

interface StatementRow {
  posting_id: string;
  rental_id: string | null;
  at: unknown;
  kind: string;
  card: unknown;
  available: unknown;
  pending: unknown;
  deposit_held: unknown;
  payout_pending: unknown;
  paid_out: unknown;
  fee: unknown;
  balance_after: unknown;
  item_id: string | null;
  item_name: string | null;
  counterparty_id: string | null;
  counterparty_name: string | null;
  brand: string | null;
  last4: string | null;
  withdrawal_id: string | null;
  withdrawal_status: string | null;
  rental_state: StatementRecord['rentalState'];
  refunds_pending: boolean | null;
  refunds_failed: boolean | null;
  total_rows: unknown;
}

function toStatementRecord(row: StatementRow): StatementRecord {
  const n = (v: unknown, name: string) => toInt(v ?? 0, name);
  return {
    postingId: row.posting_id,
    rentalId: row.rental_id,
    at: toIsoTimestamp(row.at, 'at'),
    kind: row.kind,
    movements: {
      cardPence: n(row.card, 'card'),
      availablePence: n(row.available, 'available'),
      pendingPence: n(row.pending, 'pending'),
      depositHeldPence: n(row.deposit_held, 'deposit_held'),
      payoutPendingPence: n(row.payout_pending, 'payout_pending'),
      paidOutPence: n(row.paid_out, 'paid_out'),
    },
    feePence: n(row.fee, 'fee'),
    balanceAfterPence: n(row.balance_after, 'balance_after'),
    item: row.item_id && row.item_name !== null ? { id: row.item_id, name: row.item_name } : null,
    counterparty: row.counterparty_id && row.counterparty_name !== null ? { id: row.counterparty_id, name: row.counterparty_name } : null,
    card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
    withdrawalId: row.withdrawal_id,
    withdrawalStatus: row.withdrawal_status,
    rentalState: row.rental_state,
    cardRefunds: { pending: row.refunds_pending === true, failed: row.refunds_failed === true },
  };
}

/** The fee entries that are a renter's service fee (paid, or given back), as against the platform bearing a loss. */
const FEE_KINDS = sql`('service_fee', 'extension_fee', 'service_fee_refunded', 'capture_failed')`;

/**
 * A user's statement (SQL: grouped and windowed over their ledger entries, which the builder cannot
 * say): one line per ledger posting touching them and rental it concerns, with what it moved in each
 * of their accounts, their fee share, and the available balance after it (a running sum in posting
 * order). Oldest first inside; the caller pages it newest first.
 */
function statementOf(userId: string) {
  return sql`
    with mine as (
      select e.transaction_id, e.rental_id,
             sum(e.amount_pence) filter (where e.account = 'card') as card,
             sum(e.amount_pence) filter (where e.account = 'available') as available,
             sum(e.amount_pence) filter (where e.account = 'pending') as pending,
             sum(e.amount_pence) filter (where e.account = 'deposit_held') as deposit_held,
             sum(e.amount_pence) filter (where e.account = 'payout_pending') as payout_pending,
             sum(e.amount_pence) filter (where e.account = 'paid_out') as paid_out
        from ledger_entries e
       where e.user_id = ${userId}
       group by e.transaction_id, e.rental_id
    )
    select m.transaction_id::text as posting_id, coalesce(m.rental_id, t.rental_id)::text as rental_id, t.created_at as at, t.kind,
           m.card, m.available, m.pending, m.deposit_held, m.payout_pending, m.paid_out,
           case when r.renter_id = ${userId} or (r.id is null and p.renter_id = ${userId}) then
             (select -coalesce(sum(f.amount_pence), 0) from ledger_entries f
               where f.transaction_id = m.transaction_id and f.account = 'fees' and f.kind in ${FEE_KINDS}
                 and f.rental_id is not distinct from m.rental_id)
           else 0 end as fee,
           sum(coalesce(m.available, 0)) over (order by t.created_at, t.id, coalesce(m.rental_id, t.rental_id) nulls first rows unbounded preceding) as balance_after,
           i.id::text as item_id, i.name as item_name,
           cp.id as counterparty_id, cp.name as counterparty_name,
           case when x.id is not null then x.card_brand when w.method = 'bank' then 'bank' else coalesce(w.brand, p.brand) end as brand,
           case when x.id is not null then x.card_last4 else coalesce(w.last4, p.last4) end as last4,
           w.id::text as withdrawal_id, w.status as withdrawal_status,
           case when r.id is null then null when r.cancelled_at is not null then 'cancelled' when r.returned then 'returned' else 'open' end as rental_state,
           (select bool_or(c.status = 'pending') from card_refunds c where t.kind = 'rental_cancelled' and m.card > 0 and c.rental_id = r.id) as refunds_pending,
           (select bool_or(c.status = 'failed') from card_refunds c where t.kind = 'rental_cancelled' and m.card > 0 and c.rental_id = r.id) as refunds_failed
      from mine m
      join ledger_transactions t on t.id = m.transaction_id
      left join rentals r on r.id = coalesce(m.rental_id, t.rental_id)
      left join items i on i.id = r.item_id
      left join users cp on cp.id = case when r.renter_id = ${userId} then r.owner_id else r.renter_id end
      left join payments p on p.id = coalesce(t.payment_id, r.payment_id)
      left join withdrawals w on t.kind like 'withdrawal%' and w.id::text = t.reference
      left join rental_extensions x on t.kind = 'rental_extended' and x.id::text = t.reference`;
}

/** Balances, earnings and transactions of one user (SQL only). */
export function createMoneyRepository(db: Db) {
  return {
    balances: (userId: string) => balances(db, userId),

    async earnings(userId: string): Promise<{ receivedPence: number; pendingPence: number }> {
      const [row] = await db
        .select({
          received: sql<unknown>`coalesce(sum(${rentals.totalPence}) filter (where ${rentals.cancelledAt} is null), 0)::int`,
          pending: sql<unknown>`coalesce(sum(${rentals.totalPence}) filter (where ${rentals.cancelledAt} is null and not ${rentals.returned}), 0)::int`,
        })
        .from(rentals)
        .where(eq(rentals.ownerId, userId));
      return { receivedPence: row ? toInt(row.received, 'received') : 0, pendingPence: row ? toInt(row.pending, 'pending') : 0 };
    },

    /** One page of the statement, newest first, with the number of lines (null past the last page: no row carries it). */
    async statement(userId: string, limit: number, offset: number): Promise<{ lines: StatementRecord[]; total: number | null }> {
      const rows = await queryRows<StatementRow>(
        db,
        sql`select s.*, count(*) over ()::int as total_rows from (${statementOf(userId)}) s
            order by s.at desc, s.posting_id desc, s.rental_id desc nulls last limit ${limit} offset ${offset}`,
      );
      return { lines: rows.map(toStatementRecord), total: rows[0] ? toInt(rows[0].total_rows, 'total_rows') : null };
    },
  };
}

export type MoneyRepository = ReturnType<typeof createMoneyRepository>;
