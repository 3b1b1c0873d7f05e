import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import { toInt, toIsoTimestamp } from '../../db/row-values.ts';
import { payments, rentals } from '../../db/schema.ts';
import { balances } from '../ledger/ledger-repository.ts';

/** One of a user's transactions, as derived from rentals, refunds and withdrawals. */
export interface TransactionRecord {
  id: string;
  /** ISO timestamp. */
  at: string;
  type: 'sent' | 'received' | 'refund' | 'withdrawal';
  item: { id: string; name: string } | null;
  counterparty: { id: string; name: string } | null;
  amountPence: number;
  /** The checkout a rental the user paid for belongs to (sent only). */
  paymentId: string | null;
  status: 'completed' | 'pending' | 'cancelled' | 'failed';
  card: { brand: string; last4: string } | null;
}

interface TransactionRow {
  id: string;
  at: unknown;
  type: TransactionRecord['type'];
  item_id: string | null;
  item_name: string | null;
  counterparty_id: string | null;
  counterparty_name: string | null;
  amount_pence: unknown;
  payment_id: string | null;
  status: TransactionRecord['status'];
  brand: string | null;
  last4: string | null;
  total_rows: unknown;
}

function toTransaction(row: TransactionRow): TransactionRecord {
  return {
    id: row.id,
    at: toIsoTimestamp(row.at, 'at'),
    type: row.type,
    item: row.item_id && row.item_name !== null ? { id: row.item_id, name: row.item_name } : null,
    counterparty: row.counterparty_id && row.counterparty_name !== null ? { id: row.counterparty_id, name: row.counterparty_name } : null,
    amountPence: toInt(row.amount_pence, 'amount_pence'),
    paymentId: row.payment_id,
    status: row.status,
    card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
  };
}

const rentalStatus = sql`case when r.cancelled_at is not null then 'cancelled' when r.returned then 'completed' else 'pending' end`;

/**
 * A user's transactions, derived (SQL: a union of four differently shaped selects, paged with a
 * window count over it, which the builder cannot say): rentals they paid for (sent), rentals of their items (received),
 * refunds to their balance, and their withdrawals. Newest first.
 */
function transactionsOf(userId: string) {
  return sql`
    select r.id::text as id, r.created_at as at, 'sent' as type, i.id::text as item_id, i.name as item_name,
           o.id as counterparty_id, o.name as counterparty_name, r.total_pence as amount_pence, r.payment_id::text as payment_id,
           ${rentalStatus} as status, p.brand, p.last4
      from rentals r join items i on i.id = r.item_id join users o on o.id = r.owner_id left join payments p on p.id = r.payment_id
     where r.renter_id = ${userId}
    union all
    select r.id::text, r.created_at, 'received', i.id::text, i.name, u.id, u.name, r.total_pence, null, ${rentalStatus}, null, null
      from rentals r join items i on i.id = r.item_id join users u on u.id = r.renter_id
     where r.owner_id = ${userId}
    union all
    select r.id::text, r.cancelled_at, 'refund', i.id::text, i.name, o.id, o.name, r.refund_pence, null, 'completed', null, null
      from rentals r join items i on i.id = r.item_id join users o on o.id = r.owner_id
     where r.renter_id = ${userId} and r.cancelled_at is not null and coalesce(r.refund_pence, 0) > 0
    union all
    select w.id::text, w.created_at, 'withdrawal', null, null, null, null, w.amount_pence, null,
           case w.status when 'paid' then 'completed' when 'failed' then 'failed' else 'pending' end, w.brand, w.last4
      from withdrawals w
     where w.user_id = ${userId}`;
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

    /** One page of transactions, newest first, with the total count (null past the last page: no row carries it). */
    async transactions(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ transactions: TransactionRecord[]; total: number | null }> {
      const rows = await queryRows<TransactionRow>(
        db,
        sql`select t.*, count(*) over ()::int as total_rows from (${transactionsOf(userId)}) t
            order by t.at desc, t.type, t.id limit ${limit} offset ${offset}`,
      );
      return { transactions: rows.map(toTransaction), total: rows[0] ? toInt(rows[0].total_rows, 'total_rows') : null };
    },

    /** The fee and line totals (in rental id order) of these checkouts, to give each line its fee share. */
    async checkoutLines(
      paymentIds: string[],
    ): Promise<Map<string, { feePence: number; lines: Array<{ rentalId: string; totalPence: number }> }>> {
      const result = new Map<string, { feePence: number; lines: Array<{ rentalId: string; totalPence: number }> }>();
      if (paymentIds.length === 0) return result;
      const fees = await db
        .select({ id: payments.id, fee: payments.serviceFeePence })
        .from(payments)
        .where(inArray(payments.id, paymentIds));
      for (const p of fees) result.set(p.id, { feePence: p.fee, lines: [] });
      const lines = await db
        // The checkout's own line: what extensions added later is not part of its fee split.
        .select({
          paymentId: rentals.paymentId,
          rentalId: rentals.id,
          totalPence: sql<number>`${rentals.totalPence} - ${rentals.extendedLinePence}`,
        })
        .from(rentals)
        .where(inArray(rentals.paymentId, paymentIds))
        .orderBy(rentals.id);
      for (const l of lines) result.get(l.paymentId!)?.lines.push({ rentalId: l.rentalId, totalPence: l.totalPence });
      return result;
    },
  };
}

export type MoneyRepository = ReturnType<typeof createMoneyRepository>;
